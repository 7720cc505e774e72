import Foundation
import StrataConformance
import StrataCore
import StrataSQLite
import Testing

/// What prefetching, partial fetches and batch deletes cost in statements, from the trace hook.
@Suite struct SQLiteStatementCountTests {
    /// A fresh store of `types`, tracing into the returned recorder.
    func traced(_ name: String, _ types: [any PersistentModel.Type]) throws -> (ModelContainer, SQLiteTraceTests.Recorder) {
        let (configuration, recorder) = SQLiteTraceTests().traced(name)
        return (try ModelContainer(for: Schema(types), configurations: [configuration]), recorder)
    }

    @Test func fivePetsWithTheirOwnersPrefetchedCostOneQueryPerRelationship() throws {
        let (container, recorder) = try traced("prefetch", [Owner.self, Pet.self])
        try Fixtures.saveOwners(5, petsEach: 1, in: container)
        recorder.clear()
        var descriptor = FetchDescriptor<Pet>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\Pet.owner]
        let context = ModelContext(container)
        let owners = try context.fetch(descriptor).map { $0.owner?.name }
        #expect(owners == (1...5).map { "owner\($0)" })
        #expect(recorder.selects == [
            #"SELECT "t0"."_pk", "t0"."name", "t0"."owner" FROM "Pet" AS "t0" ORDER BY "t0"."name" ASC"#,
            // The owners, without their pets' keys (read with them before; now on first use).
            #"SELECT "t0"."_pk", "t0"."name", "t0"."age" FROM "Owner" AS "t0" WHERE ("t0"."_pk" IN (?, ?, ?, ?, ?))"#,
        ])
        #expect(recorder.all.count == 4, "the two queries in one read transaction")
    }

    @Test func readingAToManyRelationshipLoadsItsKeysThenItsTargetsInOneQuery() throws {
        let (container, recorder) = try traced("to-many", [Owner.self, Pet.self])
        try Fixtures.saveOwners(1, petsEach: 5, in: container)
        let context = ModelContext(container)
        let owner = try #require(try context.fetch(FetchDescriptor<Owner>()).first)
        recorder.clear()
        #expect(owner.pets.map(\.name).sorted() == (1...5).map { "pet1.\($0)" })
        // The fetch left the keys out; once, each pet was loaded with a query of its own.
        #expect(recorder.selects == [
            #"SELECT "r"."owner", "r"."_pk" FROM "Pet" AS "r" WHERE ("r"."owner" IN (?)) ORDER BY "r"."_pk" ASC"#,
            #"SELECT "t0"."_pk", "t0"."name", "t0"."owner" FROM "Pet" AS "t0" WHERE ("t0"."_pk" IN (?, ?, ?, ?, ?))"#,
        ])
        #expect(recorder.all.count == 2, "two statements, no read transaction")
    }

    @Test func aPartialFetchReadsTheAskedColumnsAndLoadsTheOthersOncePerFetch() throws {
        let (container, recorder) = try traced("partial", [Row.self])
        let setup = ModelContext(container)
        for index in 1...3 { setup.insert(Row(tag: "r\(index)", int: index, string: "s\(index)", optString: "o\(index)")) }
        try setup.save()
        recorder.clear()
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])
        descriptor.propertiesToFetch = [\Row.tag, \Row.int]
        let rows = try context.fetch(descriptor)
        #expect(recorder.selects == [#"SELECT "t0"."_pk", "t0"."tag", "t0"."int" FROM "Row" AS "t0" ORDER BY "t0"."tag" ASC"#])
        #expect(rows.map(\.int) == [1, 2, 3])
        #expect(recorder.selects.count == 1, "the fetched attributes read without a query")
        rows[1].optString = "changed"
        #expect(recorder.selects.count == 2, "the first change loads what the fetch left out, for every row of the fetch")
        #expect(rows.map(\.string) == ["s1", "s2", "s3"])
        #expect(rows.map(\.optString) == ["o1", "changed", "o3"])
        recorder.clear()
        try context.save()
        #expect(recorder.all.filter { $0.hasPrefix("UPDATE") } == [#"UPDATE "Row" SET "optString" = ? WHERE "_pk" = ?"#])
        let stored = try ModelContext(container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        #expect(stored.map { "\($0.tag) \($0.int) \($0.string) \($0.optString ?? "nil")" } == ["r1 1 s1 o1", "r2 2 s2 changed", "r3 3 s3 o3"])
    }

    @Test func aCascadingBatchDeleteRunsAStatementPerRelationshipNotPerRow() throws {
        let (container, recorder) = try traced("batch", [Owner.self, Pet.self])
        try Fixtures.saveOwners(20, petsEach: 3, in: container)
        let setup = ModelContext(container)
        setup.insert(Pet(name: "stray"))
        try setup.save()
        recorder.clear()
        try ModelContext(container).delete(model: Owner.self, where: #Predicate { $0.age! > 10 })
        let statements = recorder.all.map { String($0.prefix { $0 != "(" }) }
        // The context first reads which rows match, to mirror the delete on the models it holds.
        #expect(statements == [
            #"SELECT "t0"."_pk" FROM "Owner" AS "t0" WHERE "#,
            "BEGIN IMMEDIATE",
            #"SELECT "t0"."_pk" FROM "Owner" AS "t0" WHERE "#,
            #"SELECT "r"."owner", "r"."_pk" FROM "Pet" AS "r" WHERE "#,
            #"DELETE FROM "Owner" WHERE "#,
            #"DELETE FROM "Pet" WHERE "#,
            #"UPDATE "Pet" SET "owner" = NULL WHERE "#,
            // The history: a number from the key counter, then the transaction.
            #"SELECT "value" FROM "_strata_metadata" WHERE "key" = ?"#,
            #"INSERT INTO "_strata_metadata" "#,
            #"INSERT INTO "_strata_history" "#,
            "COMMIT",
        ])
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Owner>()) == 10)
        #expect(try reader.fetch(FetchDescriptor<Pet>()).map(\.name).sorted() == (["stray"] + (1...10).flatMap { index in (1...3).map { "pet\(index).\($0)" } }).sorted())
    }
}

/// To-many relationships fault in: a fetch reads none of their keys, and relating a new child to
/// a parent reads none of the parent's children.
@Suite struct SQLiteToManyFaultingTests {
    @Test func fetchingAHundredOwnersOfAThousandPetsEachReadsNoPetKeys() throws {
        let (container, recorder) = try SQLiteStatementCountTests().traced("unread", [Owner.self, Pet.self])
        try Fixtures.saveOwners(100, petsEach: 1_000, in: container)
        recorder.clear()
        let context = ModelContext(container)
        let owners = try context.fetch(FetchDescriptor<Owner>())
        #expect(owners.count == 100 && owners.allSatisfy { $0.name.hasPrefix("owner") })
        #expect(recorder.all.count == 1, "one statement for the rows, none per relationship")
        #expect(!recorder.all.contains { $0.contains(#""Pet""#) })
        recorder.clear()
        #expect(owners[3].pets.count == 1_000)
        #expect(recorder.selects.count == 2, "the first read: the keys (of all 100 owners: one batch), then the pets")
        recorder.clear()
        #expect(owners.reduce(0) { $0 + $1.pets.count } == 100_000)
        #expect(recorder.selects.count == 99, "the other owners' pets, one query each, and no more keys")
    }

    @Test func savingAPetOfAnOwnerOfAHundredThousandPetsReadsNoneOfThem() throws {
        let (container, recorder) = try SQLiteStatementCountTests().traced("unread-save", [Owner.self, Pet.self])
        try Fixtures.saveOwner(withPets: 100_000, in: container)
        let identifier = try #require(try ModelContext(container).fetchIdentifiers(FetchDescriptor<Owner>()).first)
        recorder.clear()
        let context = ModelContext(container)
        let owner = try #require(context.model(for: identifier) as? Owner)
        context.insert(Pet(name: "new", owner: owner))
        try context.save()
        #expect(!recorder.all.contains { $0.hasPrefix("SELECT") && $0.contains(#"FROM "Pet""#) }, "no pet row or key was read")
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Pet>(predicate: #Predicate { $0.owner?.persistentModelID == identifier })) == 100_001)
        #expect(owner.pets.count == 100_001, "the list first read after the save")
    }
}
