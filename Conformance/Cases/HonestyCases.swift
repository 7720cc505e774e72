import Dispatch
import Foundation
import StrataCore
import Synchronization

/// Capability honesty: each case runs only on a backend that declares a feature *absent*, and
/// checks the store then refuses it with a typed error (or the context's documented fallback
/// gives the right answer) instead of answering wrongly.
enum HonestyCases {
    static let category = "honesty"

    static let all: [ConformanceCase] = [erase, batchDelete, concurrentSaves, signedZero, reopening, schemaEvolution, migrationPlans, externalChanges]

    /// Runs `body`; `true` when it completed, `false` when it threw `DataStoreError.unsupportedFeature`.
    /// - Throws: any other error `body` throws.
    static func completes(_ body: () throws -> Void) throws -> Bool {
        do {
            try body()
            return true
        } catch DataStoreError.unsupportedFeature {
            return false
        }
    }

    /// Without `.erase`, `erase()` throws `unsupportedFeature` and deletes nothing, and
    /// `deleteAllData()` (which ignores the error) deletes nothing either.
    static let erase = ConformanceCase("\(category).erase", category: category, requiresAbsent: [.erase]) { environment in
        let container = try environment.makeContainer()
        try CapabilityCases.saveMixedRows(in: container)
        if try completes({ try container.erase() }) {
            let left = try CapabilityCases.counts(container)
            throw ConformanceFailure(
                message: left == CapabilityCases.emptyCounts
                    ? "erase() erased on a backend that does not declare .erase; declare it, so the erase cases check it"
                    : "erase() returned without error on a backend that does not declare .erase, and left \(left)",
                expected: "DataStoreError.unsupportedFeature", actual: "no error")
        }
        try Check.equal(try CapabilityCases.counts(container), CapabilityCases.seededCounts, "rows after the refused erase")
        container.deleteAllData()
        try Check.equal(try CapabilityCases.counts(container), CapabilityCases.seededCounts, "rows after deleteAllData on a store that cannot erase")
        try Fixtures.saveRows([Row(tag: "c", int: 3)], in: container)
        try Check.equal(try CapabilityCases.counts(container)["Row"], 3, "the store still saves")
    }

    /// Without `.batchDelete`, `delete(model:where:)` either deletes by identifier through a
    /// save (the context's fallback), following delete rules, or throws `unsupportedFeature`
    /// and deletes nothing.
    static let batchDelete = ConformanceCase("\(category).batchDelete", category: category, requiresAbsent: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try DeleteRuleCases.saveOwners(in: container)
        try DeleteRuleCases.saveLibraries(in: container)
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2), Row(tag: "c", int: 3)], in: container)
        let owners = { try DeleteRuleCases.names(Owner.self, container, \.name).sorted() }
        let pets = { try DeleteRuleCases.names(Pet.self, container, \.name).sorted() }

        let context = ModelContext(container)
        let loadedPets = try context.fetch(FetchDescriptor<Pet>())
        if try completes({ try context.delete(model: Owner.self, where: #Predicate { $0.name == "ann" }) }) {
            try Check.equal(try owners(), ["bob"], "owners after the fallback delete")
            try Check.equal(try pets(), ["max"], "the cascade follows the fallback delete")
            try Check.equal(loadedPets.filter(\.isDeleted).map(\.name).sorted(), ["rex", "tom"], "the context marks the cascaded pets deleted")
        } else {
            try Check.equal(try owners(), ["ann", "bob"], "owners after the refused delete")
            try Check.equal(try pets(), ["max", "rex", "tom"], "pets after the refused delete")
            try Check.that(!loadedPets.contains(where: \.isDeleted), "no loaded pet is marked deleted")
        }

        if try completes({ try ModelContext(container).delete(model: Row.self, where: #Predicate { $0.int >= 2 }) }) {
            try Check.equal(try AtomicityCases.storedRows(container), ["a": 1], "rows after the fallback delete with a predicate")
        } else {
            try Check.equal(try AtomicityCases.storedRows(container), ["a": 1, "b": 2, "c": 3], "rows after the refused delete")
        }

        try Check.throwsError("batch-deleting every library, one with books, fails", matching: {
            ($0 as? SwiftDataError) == .deleteRuleViolation || ($0 as? DataStoreError) == .unsupportedFeature
        }) {
            try ModelContext(container).delete(model: Library.self)
        }
        try Check.equal(try DeleteRuleCases.names(Library.self, container, \.name).sorted(), ["city", "empty"], "no library deleted")
        try Check.equal(try DeleteRuleCases.names(Book.self, container, \.title).sorted(), ["b1", "b2"], "no book deleted")
    }

    /// Holds a context that failed to save, to retry it after the parallel phase.
    final class Pending: @unchecked Sendable {
        var contexts: [Int: ModelContext] = [:]
        var errors: [Int: String] = [:]
    }

    /// Without `.concurrentSaves`, contexts saving at once from several threads each either
    /// save or fail with an error that leaves the store without any of their rows; a failed
    /// context keeps its inserts and saves them when retried alone. No row is lost or doubled.
    static let concurrentSaves = ConformanceCase("\(category).concurrentSaves", category: category, requiresAbsent: [.concurrentSaves]) { environment in
        let container = try environment.makeContainer()
        let workers = 6
        let pending = Mutex(Pending())
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let context = ModelContext(container)
            for index in 0..<10 { context.insert(Row(tag: "\(worker)-\(index)", int: worker)) }
            do {
                try context.save()
            } catch {
                pending.withLock {
                    $0.contexts[worker] = context
                    $0.errors[worker] = "\(error)"
                }
            }
        }
        let failed = pending.withLock { $0 }
        let saved = Set(0..<workers).subtracting(failed.contexts.keys)
        let expected = saved.flatMap { worker in (0..<10).map { "\(worker)-\($0)" } }
        let stored = try AtomicityCases.storedRows(container)
        try Check.sameElements(Array(stored.keys), expected,
                               "rows after the parallel saves: exactly those of the saves that succeeded (failed: \(failed.errors))")
        for (worker, context) in failed.contexts.sorted(by: { $0.key < $1.key }) {
            try Check.equal(context.insertedModelsArray.count, 10, "worker \(worker)'s context keeps its inserts after its save failed")
            try context.save()
        }
        try Check.equal(try AtomicityCases.storedRows(container).count, workers * 10, "every row after the retries")
    }

    /// Without `.signedZero`, `-0.0` may lose its sign but still reads back as a zero and
    /// compares as one; `+0.0` stays positive.
    static let signedZero = ConformanceCase("\(category).signedZero", category: category, requiresAbsent: [.signedZero]) { environment in
        let container = try environment.makeContainer()
        let seeding = ModelContext(container)
        for (tag, value) in [("negative", -0.0), ("positive", 0.0), ("one", 1.0)] {
            let model = AllTypes(tag: tag)
            model.double = value
            model.float = Float(value)
            seeding.insert(model)
        }
        try seeding.save()
        let context = ModelContext(container)
        let read = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<AllTypes>()).map { ($0.tag, $0) })
        try Check.that(read["negative"]?.double == 0 && read["negative"]?.float == 0, "-0.0 reads back as a zero")
        try Check.that(read["positive"]?.double.sign == .plus && read["positive"]?.float.sign == .plus, "+0.0 reads back positive")
        func tags(_ predicate: Predicate<AllTypes>) throws -> [String] {
            try context.fetch(FetchDescriptor(predicate: predicate)).map(\.tag).sorted()
        }
        try Check.equal(try tags(#Predicate { $0.double == 0 }), ["negative", "positive"], "`double == 0` matches both zeros")
        try Check.equal(try tags(#Predicate { $0.double < 0 }), [], "`double < 0` matches no zero")
        try Check.equal(try tags(#Predicate { $0.float == 0 }), ["negative", "positive"], "`float == 0` matches both zeros")
        try Check.equal(try tags(#Predicate { $0.float < 0 }), [], "`float < 0` matches no zero")
    }

    /// Without `.reopening`, a second container over the same configuration is refused or is a
    /// separate, empty store, and neither container sees, or names, the other's rows.
    static let reopening = ConformanceCase("\(category).reopening", category: category, requiresAbsent: [.reopening]) { environment in
        let configuration = try environment.makeConfiguration()
        let first = try environment.makeContainer(for: ConformanceModels.all, configuration: configuration)
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2)], in: first)
        let firstIdentifiers = Set(try ModelContext(first).fetchIdentifiers(FetchDescriptor<Row>()))
        let second: ModelContainer
        do {
            second = try environment.makeContainer(for: ConformanceModels.all, configuration: configuration)
        } catch {
            try Check.equal(try AtomicityCases.storedRows(first), ["a": 1, "b": 2], "the first container's rows after the refused reopening")
            return
        }
        let seen = try AtomicityCases.storedRows(second)
        if seen == ["a": 1, "b": 2] {
            throw ConformanceFailure(message: "a second container over the same configuration sees the first one's rows; declare .reopening, so the reopening and evolution cases check it")
        }
        try Check.equal(seen, [:], "a second container over the same configuration is an empty store")
        try Fixtures.saveRows([Row(tag: "c", int: 3)], in: second)
        try Check.equal(try AtomicityCases.storedRows(first), ["a": 1, "b": 2], "the first container does not see the second one's row")
        let secondIdentifiers = try ModelContext(second).fetchIdentifiers(FetchDescriptor<Row>())
        try Check.that(firstIdentifiers.isDisjoint(with: secondIdentifiers),
                       "the second store's identifiers do not name the first store's rows (first \(firstIdentifiers.sorted()), second \(secondIdentifiers))")
        let foreign = Array(firstIdentifiers)
        try Check.equal(try ModelContext(second).fetch(FetchDescriptor<Row>(predicate: #Predicate { foreign.contains($0.persistentModelID) })).map(\.tag), [],
                        "the second container finds no row by the first one's identifiers")
    }

    /// With `.reopening` but without `.schemaEvolution`, opening stored rows with a schema that
    /// cannot read them (a removed attribute, a changed type, a new required attribute) is
    /// refused with a typed error and leaves the rows readable by the first version; an additive
    /// change is either refused the same way or reads the old rows faithfully.
    static let schemaEvolution = ConformanceCase("\(category).schemaEvolution", category: category, requires: [.reopening], requiresAbsent: [.schemaEvolution]) { environment in
        let configuration = try EvolutionCases.seedVersion1(environment)
        let conflicting: [(String, [any PersistentModel.Type])] = [
            ("a removed attribute", EvolutionRemovedAttribute.types), ("a changed type", EvolutionChangedType.types),
            ("a new required attribute", EvolutionRequiredAttribute.types),
        ]
        for (change, types) in conflicting {
            do {
                _ = try environment.makeContainer(for: types, configuration: configuration)
            } catch {
                continue
            }
            throw ConformanceFailure(
                message: "opening stored rows with \(change) succeeded on a backend without .schemaEvolution; the rows cannot be read faithfully",
                expected: "a typed error such as SwiftDataError.schemaMismatch", actual: "the store opened")
        }
        let readsVersion1 = {
            let context = ModelContext(try environment.makeContainer(for: EvolutionV1.types, configuration: configuration))
            try Check.equal(try context.fetch(FetchDescriptor<EvolutionV1.Gizmo>(sortBy: [SortDescriptor(\.name)])).map { "\($0.name):\($0.quantity)" },
                            ["a:1", "b:2"], "version 1 reads its rows after the refused openings")
        }
        try readsVersion1()
        let additive: ModelContainer
        do {
            additive = try environment.makeContainer(for: EvolutionOptionalAttribute.types, configuration: configuration)
        } catch {
            try readsVersion1()
            return
        }
        let gizmos = try ModelContext(additive).fetch(FetchDescriptor<EvolutionOptionalAttribute.Gizmo>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(gizmos.map { "\($0.name):\($0.quantity):\($0.note ?? "nil")" }, ["a:1:nil", "b:2:nil"], "an additive change the store accepted reads the old rows")
    }

    /// Without `.externalChanges`, the store either does not conform to `ExternalCommitObserving`
    /// or refuses to observe with `DataStoreError.unsupportedFeature`, so nobody waits for
    /// signals that never come.
    static let externalChanges = ConformanceCase("\(category).externalChanges", category: category, requiresAbsent: [.externalChanges]) { environment in
        let container = try environment.makeContainer(for: [Row.self])
        guard let store = container.dataStore as? any ExternalCommitObserving else { return }
        var observation: (any ExternalCommitObservation)?
        if try completes({ observation = try store.observeExternalCommits {} }) {
            observation?.cancel()
            throw ConformanceFailure(
                message: "observeExternalCommits succeeded on a backend that does not declare .externalChanges; declare it, so its case checks the signals",
                expected: "DataStoreError.unsupportedFeature", actual: "an observation")
        }
    }
}
