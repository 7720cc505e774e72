import Foundation
import StrataCore

/// `rollback()` and a model inserted into two contexts.
extension AtomicityCases {
    static let contextCases: [ConformanceCase] = [rollbackInserts, rollbackUpdates, rollbackDeletes, modelInTwoContexts]

    /// Rolled-back inserts leave the context and are never written.
    static let rollbackInserts = ConformanceCase("atomicity.rollback.inserts", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let row = Row(tag: "a")
        context.insert(row)
        context.rollback()
        try Check.that(!context.hasChanges, "no changes after rollback")
        try Check.equal(context.insertedModelsArray.count, 0, "no pending inserts")
        try Check.that(row.modelContext == nil, "the model left the context")
        try Check.equal(try context.fetch(FetchDescriptor<Row>()).count, 0, "the context fetches nothing")
        try context.save()
        try Check.equal(try storedRows(container), [:], "a save after rollback writes nothing")
    }

    /// Rolled-back updates restore the saved values and are never written.
    static let rollbackUpdates = ConformanceCase("atomicity.rollback.updates", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a", int: 1, optString: "s")], in: container)
        let context = ModelContext(container)
        let row = try context.fetch(FetchDescriptor<Row>())[0]
        row.int = 9
        row.optString = nil
        try Check.equal(context.changedModelsArray.count, 1, "one pending change")
        context.rollback()
        try Check.that(!context.hasChanges, "no changes after rollback")
        try Check.equal(row.int, 1, "int restored")
        try Check.equal(row.optString, "s", "optString restored")
        try context.save()
        let stored = try ModelContext(container).fetch(FetchDescriptor<Row>())
        try Check.equal(stored.map(\.int), [1], "the store keeps the saved int")
        try Check.equal(stored.map(\.optString), ["s"], "the store keeps the saved optString")
    }

    /// Rolled-back deletes keep the model.
    static let rollbackDeletes = ConformanceCase("atomicity.rollback.deletes", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2)], in: container)
        let context = ModelContext(container)
        let rows = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        context.delete(rows[0])
        try Check.that(rows[0].isDeleted, "marked deleted before rollback")
        context.rollback()
        try Check.that(!context.hasChanges, "no changes after rollback")
        try Check.that(!rows[0].isDeleted, "not deleted after rollback")
        try Check.sameElements(try context.fetch(FetchDescriptor<Row>()).map(\.tag), ["a", "b"], "the context fetches both rows")
        try context.save()
        try Check.equal(try storedRows(container), ["a": 1, "b": 2], "both rows stay stored")
    }

    /// Inserting a model that belongs to another context makes the next save throw, keeping the other changes.
    static let modelInTwoContexts = ConformanceCase("atomicity.context.modelBelongsToAnotherContext", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        let first = ModelContext(container)
        let second = ModelContext(container)
        let shared = Row(tag: "shared", int: 1)
        first.insert(shared)
        let own = Row(tag: "own", int: 2)
        second.insert(own)
        second.insert(shared)
        try Check.throwsError("the second context's save throws modelBelongsToAnotherContext",
                              matching: { ($0 as? SwiftDataError) == .modelBelongsToAnotherContext }) {
            try second.save()
        }
        try Check.equal(try storedRows(container), [:], "nothing is written")
        try Check.that(second.hasChanges, "the second context keeps its changes")
        try Check.equal(tags(second.insertedModelsArray), ["own"], "its own insert is still pending, the shared model is not")
        try Check.that(shared.modelContext === first, "the shared model still belongs to the first context")
        try second.save()
        try Check.equal(try storedRows(container), ["own": 2], "the retry writes the second context's own insert")
        try first.save()
        try Check.equal(try storedRows(container), ["own": 2, "shared": 1], "the first context writes the shared model")
    }
}
