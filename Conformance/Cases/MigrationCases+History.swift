import Foundation
import StrataCore

/// What the history says across a migration: a custom stage's saves are transactions like any
/// save's, and transactions recorded before a rename name the renamed attribute.
extension MigrationCases {
    static let history: [ConformanceCase] = [stageSavesAreRecorded, renamedAttributeInEarlierHistory, removedAttributeInEarlierHistory]

    private static let migratingWithHistory = migrating.union([.history])

    /// `willMigrate` deletes a duplicate widget and `didMigrate` fills in codes: both saves are
    /// in the store's history, the deletion included, so a follower of the history learns of them.
    static let stageSavesAreRecorded = ConformanceCase("\(category).history.stageSavesRecorded", category: category, requires: migratingWithHistory) { environment in
        typealias Widget = MigrationCoded.Widget
        let configuration = try seedVersion1(environment, extraWidgets: [("a", 5)])
        let context = try opened(MigrationCoded.self, MigrationCodedPlan.self, environment, configuration)
        let transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try Check.equal(transactions.count, 3, "the seed, willMigrate's save and didMigrate's save")
        let deleted = transactions[1].changes.compactMap { change -> PersistentIdentifier? in
            guard case .delete(let delete as DefaultHistoryDelete<Widget>) = change else { return nil }
            return delete.changedPersistentIdentifier
        }
        try Check.equal(deleted.count, 1, "willMigrate's deletion of the duplicate widget a")
        let updated = transactions[2].changes.compactMap { change -> [PartialKeyPath<Widget>]? in
            guard case .update(let update as DefaultHistoryUpdate<Widget>) = change else { return nil }
            return update.updatedAttributes
        }
        try Check.equal(updated, [[\Widget.code], [\Widget.code]], "didMigrate's two updates of code")
    }

    /// An edit of `code` saved at version 2, read at version 3, where `code` is `sku`
    /// (`originalName: "code"`): the transaction names `\.sku`.
    static let renamedAttributeInEarlierHistory = ConformanceCase("\(category).history.renamedAttributeKeyPath", category: category, requires: migratingWithHistory) { environment in
        let update = try lastUpdate(
            editing: { (widget: MigrationCoded.Widget) in widget.name == "b" }, at: (MigrationCoded.self, MigrationCodedPlan.self), { $0.code = "B2" },
            readAt: (MigrationSku.self, MigrationSkuPlan.self), as: MigrationSku.Widget.self, environment)
        try Check.equal(update.updatedAttributes, [\MigrationSku.Widget.sku], "the attribute, by its new name")
    }

    /// An edit of `note` saved at version 1, read after `note` was removed: the update is still
    /// there, and names no attribute (its key path no longer exists).
    static let removedAttributeInEarlierHistory = ConformanceCase("\(category).history.removedAttributeLeftOut", category: category, requires: migratingWithHistory) { environment in
        let update = try lastUpdate(
            editing: { (widget: MigrationV1.Widget) in widget.name == "a" }, at: (MigrationV1.self, MigrationAddedPlan.self), { $0.note = "y" },
            readAt: (MigrationAdded.self, MigrationAddedPlan.self), as: MigrationAdded.Widget.self, environment)
        try Check.equal(update.updatedAttributes, [], "a removed attribute is left out")
    }

    /// Seeds version 1, edits the widget `editing` picks through `at`, then reopens through
    /// `readAt` and returns the edit's transaction's one change, an update of a `Read`.
    /// - Throws: a ``ConformanceFailure`` when the edit is not one update; what opening throws.
    private static func lastUpdate<Edited: PersistentModel, Read: PersistentModel>(
        editing picked: (Edited) -> Bool, at version: (any VersionedSchema.Type, any SchemaMigrationPlan.Type), _ edit: (Edited) -> Void,
        readAt: (any VersionedSchema.Type, any SchemaMigrationPlan.Type), as _: Read.Type, _ environment: ConformanceEnvironment
    ) throws -> DefaultHistoryUpdate<Read> {
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(version.0, version.1, environment, configuration)
            edit(try Check.unwrap(try context.fetch(FetchDescriptor<Edited>()).first(where: picked), "the widget to edit"))
            try context.save()
        }
        let context = try opened(readAt.0, readAt.1, environment, configuration)
        let transaction = try Check.unwrap(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last, "the edit's transaction")
        guard transaction.changes.count == 1, case .update(let update as DefaultHistoryUpdate<Read>) = transaction.changes[0] else {
            throw ConformanceFailure(message: "the edit is one update of a widget", actual: "\(transaction.changes)")
        }
        return update
    }
}
