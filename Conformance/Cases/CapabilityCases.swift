import Foundation
import StrataCore

/// What `.erase` and `.reopening` promise, on backends that declare them.
enum CapabilityCases {
    static let all: [ConformanceCase] = [eraseEveryRow, eraseThenStaleUpdate, deleteAllData, reopenSameData]

    /// Rows of several entities, a to-many join and a unique value, as `Entity name` lines.
    static func saveMixedRows(in container: ModelContainer) throws {
        try DeleteRuleCases.saveOwners(in: container)
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2)], in: container)
        let context = ModelContext(container)
        context.insert(Account(email: "a@example.com", balance: 1))
        let ada = Student(name: "ada")
        let math = Course(title: "math")
        context.insert(ada)
        context.insert(math)
        ada.courses = [math]
        try context.save()
    }

    /// How many rows each entity of ``saveMixedRows(in:)`` has, through a new context.
    static func counts(_ container: ModelContainer) throws -> [String: Int] {
        let context = ModelContext(container)
        return [
            "Owner": try context.fetchCount(FetchDescriptor<Owner>()), "Pet": try context.fetchCount(FetchDescriptor<Pet>()),
            "Row": try context.fetchCount(FetchDescriptor<Row>()), "Account": try context.fetchCount(FetchDescriptor<Account>()),
            "Student": try context.fetchCount(FetchDescriptor<Student>()), "Course": try context.fetchCount(FetchDescriptor<Course>()),
        ]
    }

    static let seededCounts = ["Owner": 2, "Pet": 3, "Row": 2, "Account": 1, "Student": 1, "Course": 1]
    static let emptyCounts = seededCounts.mapValues { _ in 0 }

    /// `erase()` removes every row of every entity; the store then saves as if new (the unique
    /// value and the many-to-many link included).
    static let eraseEveryRow = ConformanceCase("capability.erase.everyRow", category: "capability", requires: [.erase]) { environment in
        let container = try environment.makeContainer()
        try saveMixedRows(in: container)
        try Check.equal(try counts(container), seededCounts, "rows before the erase")
        try container.erase()
        try Check.equal(try counts(container), emptyCounts, "rows after the erase")
        try saveMixedRows(in: container)
        try Check.equal(try counts(container), seededCounts, "rows saved after the erase")
        let reader = ModelContext(container)
        let ada = try DeleteRuleCases.one(reader, #Predicate<Student> { $0.name == "ada" })
        try Check.equal(ada.courses.map(\.title), ["math"], "the many-to-many link saved after the erase")
    }

    /// A model loaded before `erase()` and saved after it names a row that is gone:
    /// `modelNotFound`, and the rows saved since the erase are untouched (identifiers are not reused).
    static let eraseThenStaleUpdate = ConformanceCase("capability.erase.staleModelNotFound", category: "capability", requires: [.erase]) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "old", int: 1)], in: container)
        let stale = ModelContext(container)
        let old = try DeleteRuleCases.one(stale, #Predicate<Row> { $0.tag == "old" })
        try container.erase()
        try Fixtures.saveRows([Row(tag: "new", int: 2)], in: container)
        let reader = ModelContext(container)
        let new = try DeleteRuleCases.one(reader, #Predicate<Row> { $0.tag == "new" })
        try Check.that(new.persistentModelID != old.persistentModelID, "a row saved after the erase does not reuse an erased row's identifier")
        old.int = 9
        try Check.throwsError("saving the erased model throws modelNotFound", matching: { ($0 as? SwiftDataError) == .modelNotFound }) { try stale.save() }
        try Check.equal(try AtomicityCases.storedRows(container), ["new": 2], "the row saved after the erase is untouched")
    }

    /// `deleteAllData()` (SwiftData's spelling) erases too.
    static let deleteAllData = ConformanceCase("capability.erase.deleteAllData", category: "capability", requires: [.erase]) { environment in
        let container = try environment.makeContainer()
        try saveMixedRows(in: container)
        container.deleteAllData()
        try Check.equal(try counts(container), emptyCounts, "rows after deleteAllData")
    }

    /// A second container over the same configuration opens the same rows, with the same
    /// identifiers and relationships, and keys continue after the stored ones.
    static let reopenSameData = ConformanceCase("capability.reopening.sameData", category: "capability", requires: [.reopening]) { environment in
        let configuration = try environment.makeConfiguration()
        let before: [String: PersistentIdentifier]
        do {
            let container = try environment.makeContainer(for: ConformanceModels.all, configuration: configuration)
            try saveMixedRows(in: container)
            let context = ModelContext(container)
            before = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<Pet>()).map { ($0.name, $0.persistentModelID) })
        }
        do {
            let container = try environment.makeContainer(for: ConformanceModels.all, configuration: configuration)
            try Check.equal(try counts(container), seededCounts, "rows seen by the second container")
            let context = ModelContext(container)
            let pets = try context.fetch(FetchDescriptor<Pet>())
            try Check.equal(Dictionary(uniqueKeysWithValues: pets.map { ($0.name, $0.persistentModelID) }), before, "the same identifiers")
            try Check.equal(Dictionary(uniqueKeysWithValues: pets.map { ($0.name, $0.owner?.name ?? "nil") }), ["rex": "ann", "tom": "ann", "max": "bob"], "the same links")
            let ada = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ada" })
            try Check.equal(ada.courses.map(\.title), ["math"], "the many-to-many link")
            let kit = Pet(name: "kit", owner: pets.first { $0.name == "max" }?.owner)
            context.insert(kit)
            context.insert(Account(email: "a@example.com", balance: 5))
            try context.save()
            try Check.that(!before.values.contains(kit.persistentModelID), "a new row does not reuse a stored identifier")
        }
        let container = try environment.makeContainer(for: ConformanceModels.all, configuration: configuration)
        let context = ModelContext(container)
        try Check.equal(try context.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.owner?.name == "bob" })).map(\.name).sorted(), ["kit", "max"],
                        "the third container sees the second one's insert")
        try Check.equal(try context.fetch(FetchDescriptor<Account>()).map(\.balance), [5], "the unique value upserted across reopening")
    }
}
