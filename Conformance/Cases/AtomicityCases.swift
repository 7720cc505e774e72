import Foundation
import StrataCore
import Synchronization

/// All-or-nothing saves: after any failure the store is unchanged and the context keeps its pending changes.
enum AtomicityCases {
    static let all: [ConformanceCase] = [1, 2, 3].map(faultOnSave) + [
        unencodableValueMixedSave, relationshipsAfterRetry, failedBatchDelete, transactionBlockThrows,
    ] + AtomicityCases.contextCases + AtomicityCases.everyCallCases

    /// Counts one interceptor's save calls.
    final class SaveCounter: Sendable {
        private let count = Mutex(0)
        func next() -> Int { count.withLock { $0 += 1; return $0 } }
    }

    /// An interceptor that fails the save calls numbered in `saves` (1 is the first save) with ``InjectedFault``.
    static func failing(saves: Set<Int>) -> Interceptor {
        let counter = SaveCounter()
        return Interceptor { call in
            guard call.operation == .save else { return }
            if saves.contains(counter.next()) { throw InjectedFault() }
        }
    }

    static func isInjectedFault(_ error: any Error) -> Bool { error is InjectedFault }

    /// Rows in a new context, as `tag: int`.
    static func storedRows(_ container: ModelContainer) throws -> [String: Int] {
        let rows = try ModelContext(container).fetch(FetchDescriptor<Row>())
        try Check.equal(Set(rows.map(\.tag)).count, rows.count, "no duplicate rows")
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.tag, $0.int) })
    }

    static func tags(_ models: [any PersistentModel]) -> [String] {
        models.map { ($0 as? Row)?.tag ?? "<\(type(of: $0))>" }
    }

    /// Three saves in one context; the `failing`-th fails, leaves the store as the previous save
    /// left it and the context holding the step's changes; the retry then writes exactly them.
    static func faultOnSave(_ failing: Int) -> ConformanceCase {
        ConformanceCase("atomicity.fault.save\(failing)", category: "atomicity") { environment in
            let container = try environment.makeContainer(intercepting: AtomicityCases.failing(saves: [failing]))
            let context = ModelContext(container)
            var rows: [String: Row] = [:]
            func insert(_ tag: String) {
                let row = Row(tag: tag, int: 1)
                rows[tag] = row
                context.insert(row)
            }
            let steps: [() -> Void] = [
                { insert("a"); insert("b"); insert("c") },
                { rows["a"]!.int = 2; context.delete(rows["b"]!); insert("d") },
                { context.delete(rows["c"]!); rows["d"]!.int = 2; insert("e") },
            ]
            let storedAfter: [[String: Int]] = [
                [:],
                ["a": 1, "b": 1, "c": 1],
                ["a": 2, "c": 1, "d": 1],
                ["a": 2, "d": 2, "e": 1],
            ]
            let pending: [(inserted: [String], changed: [String], deleted: [String])] = [
                (["a", "b", "c"], [], []),
                (["d"], ["a"], ["b"]),
                (["e"], ["d"], ["c"]),
            ]
            for step in 1..<failing {
                steps[step - 1]()
                try context.save()
                try Check.equal(try storedRows(container), storedAfter[step], "the store after successful save \(step)")
            }
            steps[failing - 1]()
            try Check.throwsError("save \(failing) fails with the injected fault", matching: isInjectedFault) { try context.save() }

            try Check.equal(try storedRows(container), storedAfter[failing - 1], "the store is unchanged by the failed save")
            try Check.that(context.hasChanges, "the context still has changes")
            let expected = pending[failing - 1]
            try Check.sameElements(tags(context.insertedModelsArray), expected.inserted, "insertedModelsArray after the failure")
            try Check.sameElements(tags(context.changedModelsArray), expected.changed, "changedModelsArray after the failure")
            try Check.sameElements(tags(context.deletedModelsArray), expected.deleted, "deletedModelsArray after the failure")
            try Check.that(expected.inserted.allSatisfy { rows[$0]!.persistentModelID.isTemporary }, "the pending inserts keep temporary identifiers")
            let seen = try context.fetch(FetchDescriptor<Row>())
            try Check.equal(Dictionary(uniqueKeysWithValues: seen.map { ($0.tag, $0.int) }), storedAfter[failing], "the failed context still sees its changes")

            try context.save()
            try Check.that(!context.hasChanges, "nothing pending after the retry")
            try Check.equal(try storedRows(container), storedAfter[failing], "the retry writes the step's changes exactly once")
        }
    }

    /// A save mixing an update, a delete, a good insert and an unencodable insert writes none of them.
    static let unencodableValueMixedSave = ConformanceCase("atomicity.mixed.unencodableValue", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 1)], in: container)
        let context = ModelContext(container)
        let stored = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        try Check.equal(stored.map(\.tag), ["a", "b"], "the seeded rows")
        stored[0].int = 2
        context.delete(stored[1])
        context.insert(Row(tag: "c", int: 1))
        let bad = AllTypes(tag: "bad")
        bad.uint64 = UInt64.max
        context.insert(bad)
        try Check.throwsError("the save throws valueNotEncodable", matching: { ($0 as? SwiftDataError) == .valueNotEncodable }) { try context.save() }
        try Check.equal(try storedRows(container), ["a": 1, "b": 1], "no update, delete or insert is written")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<AllTypes>()), 0, "no AllTypes row is written")
        try Check.equal(context.insertedModelsArray.count, 2, "both inserts still pending")
        try Check.equal(context.changedModelsArray.count, 1, "the update still pending")
        try Check.equal(context.deletedModelsArray.count, 1, "the delete still pending")

        bad.uint64 = 9_223_372_036_854_775_807
        try context.save()
        try Check.equal(try storedRows(container), ["a": 2, "c": 1], "the retry writes all three")
        try Check.equal(try ModelContext(container).fetch(FetchDescriptor<AllTypes>()).map(\.uint64), [9_223_372_036_854_775_807], "and the fixed insert")
    }

    /// An owner and pets whose first save failed are stored linked after the retry.
    static let relationshipsAfterRetry = ConformanceCase("atomicity.fault.relationshipsAfterRetry", category: "atomicity") { environment in
        let container = try environment.makeContainer(intercepting: failing(saves: [1]))
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        context.insert(ann)
        context.insert(Pet(name: "rex", owner: ann))
        let a = Node(name: "a")
        context.insert(a)
        a.next = a
        try Check.throwsError("the first save fails", matching: isInjectedFault) { try context.save() }
        try context.save()
        let reader = ModelContext(container)
        let owners = try reader.fetch(FetchDescriptor<Owner>())
        try Check.equal(owners.map(\.name), ["ann"], "one owner stored")
        try Check.equal(owners.first?.pets.map(\.name), ["rex"], "with its pet")
        let nodes = try reader.fetch(FetchDescriptor<Node>())
        try Check.that(nodes.count == 1 && nodes[0].next === nodes[0], "the self-reference is stored")
    }

    /// A batch delete the store fails deletes nothing, in the store or in the context.
    static let failedBatchDelete = ConformanceCase("atomicity.fault.batchDelete", category: "atomicity", requires: [.batchDelete]) { environment in
        let interceptor = Interceptor { call in
            if call.operation == .batchDelete { throw InjectedFault() }
        }
        let container = try environment.makeContainer(intercepting: interceptor)
        try saveOwnersForAtomicity(container)
        let context = ModelContext(container)
        let pets = try context.fetch(FetchDescriptor<Pet>())
        try Check.throwsError("the batch delete fails", matching: isInjectedFault) {
            try context.delete(model: Owner.self, where: #Predicate { $0.name == "ann" })
        }
        try Check.that(pets.allSatisfy { !$0.isDeleted }, "no loaded pet is marked deleted")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Owner>()), 1, "the owner is still stored")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Pet>()), 1, "its pet is still stored")
        try Check.equal(try context.fetch(FetchDescriptor<Pet>()).count, 1, "the context still fetches the pet")
    }

    static func saveOwnersForAtomicity(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        context.insert(ann)
        context.insert(Pet(name: "rex", owner: ann))
        try context.save()
    }

    /// `transaction` whose block throws saves nothing and leaves the block's changes pending.
    static let transactionBlockThrows = ConformanceCase("atomicity.transaction.blockThrows", category: "atomicity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        try Check.throwsError("the block's error propagates", matching: isInjectedFault) {
            try context.transaction {
                context.insert(Row(tag: "a"))
                throw InjectedFault()
            }
        }
        try Check.equal(try storedRows(container), [:], "nothing is saved")
        try Check.equal(tags(context.insertedModelsArray), ["a"], "the insert is pending")
        try context.save()
        try Check.equal(try storedRows(container), ["a": 0], "a later save writes it")
    }
}
