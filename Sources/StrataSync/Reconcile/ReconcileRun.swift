import Foundation
import StrataCore

/// One reconcile in one context: applies records type by type, counting what it did and how
/// many rows of each type it would delete, for the deletion guard.
final class ReconcileRun {
    let context: ModelContext
    private(set) var summary = ReconcileSummary()
    /// Per model type: its name, the live models the run looked at, and how many it removes.
    private var deletionTally: [ObjectIdentifier: (entity: String, existing: Int, removed: Int)] = [:]
    private var processed = 0

    init(context: ModelContext) {
        self.context = context
    }

    /// Reconciles `existing` models with `records` and returns the models that stay related:
    /// `existing` without the hard-deleted ones, plus the inserted ones.
    /// - Throws: ``SyncError`` (a repeated remote id, soft deletion without `deletedAt`),
    ///   `CancellationError`.
    func reconcile<Model: Reconcilable>(_ records: [Model.Record], existing: [Model], deletion: DeletionPolicy) throws -> [Model] {
        let deletedAt = Model.deletedAtKeyPath
        if deletion == .softDeleteMissing, deletedAt == nil {
            throw SyncError(.noSoftDelete, "\(Schema.entityName(for: Model.self)) has no deletedAtKeyPath for .softDeleteMissing")
        }
        var byID = [Model.Record.RemoteID: Model](minimumCapacity: existing.count)
        for model in existing { byID[model[keyPath: Model.remoteIDKeyPath]] = model }
        var seen = Set<Model.Record.RemoteID>(minimumCapacity: records.count)
        var kept = existing
        for (index, record) in records.enumerated() {
            processed += 1
            if processed & 63 == 0 { try Task.checkCancellation() }
            guard seen.insert(record.remoteID).inserted else {
                throw SyncError(.duplicateIdentity, "remote id \(record.remoteID) appears more than once", index: index, key: "remoteID")
            }
            let model: Model
            if let found = byID[record.remoteID] {
                model = found
                try apply(record, to: model, deletedAt: deletedAt, at: index)
            } else {
                model = Model(record: record)
                model[keyPath: Model.remoteIDKeyPath] = record.remoteID
                model[keyPath: Model.updatedAtKeyPath] = record.updatedAt
                context.insert(model)
                try link(model, from: record, at: index)
                kept.append(model)
                summary.inserted += 1
            }
            if deletedAt.map({ model[keyPath: $0] == nil }) ?? true {
                for collection in Model.childCollections { try collection.reconcile(model, record, self) }
            }
        }
        let live = existing.filter { model in deletedAt.map { model[keyPath: $0] == nil } ?? true }
        let missing = live.filter { !seen.contains($0[keyPath: Model.remoteIDKeyPath]) }
        tally(Model.self, existing: live.count, removed: deletion == .none ? 0 : missing.count)
        switch deletion {
        case .none: break
        case .hardDeleteMissing:
            let gone = Set(missing.map(ObjectIdentifier.init))
            for model in missing { context.delete(model) }
            kept.removeAll { gone.contains(ObjectIdentifier($0)) }
            summary.deleted += missing.count
        case .softDeleteMissing:
            let now = Date()
            for model in missing { model[keyPath: deletedAt!] = now }
            summary.softDeleted += missing.count
        }
        return kept
    }

    /// Updates `model` from `record` (at `index`) when the record is newer, reactivating a
    /// soft-deleted model.
    /// - Throws: what the model's ``Reconcilable/link(from:using:)`` throws.
    private func apply<Model: Reconcilable>(_ record: Model.Record, to model: Model, deletedAt: ReferenceWritableKeyPath<Model, Date?>?, at index: Int) throws {
        guard record.updatedAt > model[keyPath: Model.updatedAtKeyPath] else {
            summary.unchanged += 1
            return
        }
        model.update(from: record)
        try link(model, from: record, at: index)
        model[keyPath: Model.updatedAtKeyPath] = record.updatedAt
        if let deletedAt, model[keyPath: deletedAt] != nil {
            model[keyPath: deletedAt] = nil
            summary.reactivated += 1
        } else {
            summary.updated += 1
        }
    }

    /// Lets `model` link to the models `record` (at `index`) names.
    /// - Throws: the link's error, naming the record.
    private func link<Model: Reconcilable>(_ model: Model, from record: Model.Record, at index: Int) throws {
        do {
            try model.link(from: record, using: ReconcileLookup(context: context))
        } catch let error as SyncError where error.index == nil {
            throw SyncError(error.kind, error.message, index: index, key: error.key)
        }
    }

    private func tally<Model: PersistentModel>(_: Model.Type, existing: Int, removed: Int) {
        var entry = deletionTally[ObjectIdentifier(Model.self)] ?? (Schema.entityName(for: Model.self), 0, 0)
        entry.existing += existing
        entry.removed += removed
        deletionTally[ObjectIdentifier(Model.self)] = entry
    }

    /// Refuses the run when it would remove more than `share` of the live rows of any type
    /// (so an empty page cannot wipe a table).
    /// - Throws: ``SyncError/Kind/deletionGuard``.
    func checkDeletionGuard(maximumShare share: Double) throws {
        for entry in deletionTally.values.sorted(by: { $0.entity < $1.entity }) where entry.removed > 0 {
            guard Double(entry.removed) > share * Double(entry.existing) else { continue }
            throw SyncError(
                .deletionGuard,
                "refused: it would delete \(entry.removed) of \(entry.existing) \(entry.entity) rows, more than \(Int(share * 100))%; raise maximumDeletionShare if that is intended")
        }
    }
}
