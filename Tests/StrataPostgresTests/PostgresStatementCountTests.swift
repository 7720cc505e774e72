import Foundation
import StrataAsync
import StrataConformance
import StrataCore
import Synchronization
import Testing

@testable import StrataPostgres

/// What prefetching, partial fetches and batch deletes cost in statements on PostgreSQL, from
/// the trace hook.
@Suite struct PostgresStatementCountTests {
    /// A store of `types` in a fresh database, tracing into the returned recorder.
    func traced(_ name: String, _ types: [any PersistentModel.Type]) throws -> (ModelContainer, SQLRecorder) {
        let recorder = SQLRecorder()
        var configuration = try PostgresConfiguration(url: TestCluster.shared().makeDatabase(named: name))
        configuration.trace = recorder.hook
        return (try ModelContainer(for: Schema(types), configurations: [configuration]), recorder)
    }

    /// The statements recorded since `start`, SELECTs only.
    func selects(_ recorder: SQLRecorder, since start: Int) -> [String] {
        recorder.statements.dropFirst(start).filter { $0.hasPrefix("SELECT") }
    }

    @Test func fivePetsWithTheirOwnersPrefetchedCostOneQueryPerRelationship() throws {
        let (container, recorder) = try traced("prefetch", [Owner.self, Pet.self])
        try Fixtures.saveOwners(5, petsEach: 1, in: container)
        let start = recorder.statements.count
        var descriptor = FetchDescriptor<Pet>(sortBy: [SortDescriptor(\.name)])
        descriptor.relationshipKeyPathsForPrefetching = [\Pet.owner]
        let context = ModelContext(container)
        let owners = try context.fetch(descriptor).map { $0.owner?.name }
        #expect(owners == (1...5).map { "owner\($0)" })
        #expect(selects(recorder, since: start) == [
            #"SELECT "t0"."_pk", "t0"."name", "t0"."owner" FROM "Pet" AS "t0" ORDER BY "t0"."name" COLLATE "C" ASC"#,
            // The owners, without their pets' keys (those load when first read).
            #"SELECT "t0"."_pk", "t0"."name", "t0"."age" FROM "Owner" AS "t0" WHERE ("t0"."_pk" IN ($1, $2, $3, $4, $5))"#,
        ])
    }

    @Test func aModelIsOneStatementAndItsToManyKeysAndTargetsOneMoreEachOnFirstRead() throws {
        let (container, recorder) = try traced("tomany", [Owner.self, Pet.self])
        try Fixtures.saveOwners(2, petsEach: 3, in: container)
        let identifier = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Owner>(sortBy: [SortDescriptor(\.name)]))[1]
        var start = recorder.statements.count
        let context = ModelContext(container)
        let owner = try #require(try context.fetch(FetchDescriptor<Owner>(predicate: #Predicate { $0.persistentModelID == identifier })).first)
        // One statement, without the pets' keys (it read them as an array per row before).
        #expect(Array(recorder.statements.dropFirst(start)) == [
            #"SELECT "r"."_pk", "r"."name", "r"."age" FROM "Owner" AS "r" WHERE ("r"."_pk" = $1)"#
        ])
        start = recorder.statements.count
        #expect(owner.pets.map(\.name) == ["pet2.1", "pet2.2", "pet2.3"])
        #expect(Array(recorder.statements.dropFirst(start)) == [
            #"SELECT "r"."owner", "r"."_pk" FROM "Pet" AS "r" WHERE ("r"."owner" IN ($1)) ORDER BY "r"."_pk" ASC"#,
            #"SELECT "t0"."_pk", "t0"."name", "t0"."owner" FROM "Pet" AS "t0" WHERE ("t0"."_pk" IN ($1, $2, $3))"#,
        ])
    }

    /// A fetch of a hierarchy's root reads which rows belong to subclasses and reads those again:
    /// several statements, which must see one state. They ran outside a transaction before.
    @Test func aFetchResolvingAClassHierarchyRunsInOneReadTransaction() throws {
        let (container, recorder) = try traced("hierarchy", ConformanceModels.hierarchy)
        let setup = ModelContext(container)
        setup.insert(Transport(name: "cart"))
        setup.insert(Truck(name: "hauler", wheels: 6))
        try setup.save()
        let start = recorder.statements.count
        let context = ModelContext(container)
        let names = try context.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name)])).map { "\($0.name) \(type(of: $0))" }
        #expect(names == ["cart Transport", "hauler Truck"])
        let statements = Array(recorder.statements.dropFirst(start))
        #expect(statements.first == "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        #expect(statements.last == "COMMIT")
        // The rows; which are subclass rows; the truck's own columns; which of Truck's rows are TowTruck's.
        #expect(statements.filter { $0.hasPrefix("SELECT") }.count == 4)
    }

    @Test func aPartialFetchReadsTheAskedColumnsAndUpdatesOnlyTheChangedOne() throws {
        let (container, recorder) = try traced("partial", [Row.self])
        let setup = ModelContext(container)
        for index in 1...3 { setup.insert(Row(tag: "r\(index)", int: index, string: "s\(index)", optString: "o\(index)")) }
        try setup.save()
        var start = recorder.statements.count
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])
        descriptor.propertiesToFetch = [\Row.tag, \Row.int]
        let rows = try context.fetch(descriptor)
        #expect(selects(recorder, since: start) == [#"SELECT "t0"."_pk", "t0"."tag", "t0"."int" FROM "Row" AS "t0" ORDER BY "t0"."tag" COLLATE "C" ASC"#])
        rows[1].optString = "changed"
        #expect(selects(recorder, since: start).count == 2, "the first change loads what the fetch left out, for every row of the fetch")
        #expect(rows.map(\.string) == ["s1", "s2", "s3"])
        start = recorder.statements.count
        try context.save()
        #expect(recorder.statements.dropFirst(start).filter { $0.hasPrefix("UPDATE") } == [#"UPDATE "Row" SET "optString" = $1 WHERE "_pk" = $2"#])
        let reader = ModelContext(container)
        let stored = try reader.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)]))
        #expect(stored.map { "\($0.tag) \($0.int) \($0.string) \($0.optString ?? "nil")" } == ["r1 1 s1 o1", "r2 2 s2 changed", "r3 3 s3 o3"])
    }

    @Test func aCascadingBatchDeleteRunsAStatementPerRelationshipNotPerRow() throws {
        let (container, recorder) = try traced("batch", [Owner.self, Pet.self])
        try Fixtures.saveOwners(20, petsEach: 3, in: container)
        let start = recorder.statements.count
        try ModelContext(container).delete(model: Owner.self, where: #Predicate { $0.age! > 10 })
        let writes = recorder.statements.dropFirst(start).map { String($0.prefix { $0 != "(" }) }.filter { !$0.hasPrefix("SELECT") }
        #expect(writes.filter { $0.hasPrefix("DELETE") || $0.hasPrefix("UPDATE") } == [
            #"DELETE FROM "Owner" WHERE "#,
            #"DELETE FROM "Pet" WHERE "#,
            #"UPDATE "Pet" SET "owner" = NULL WHERE "#,
        ])
        let statements = Array(recorder.statements.dropFirst(start))
        let selects = statements.filter { $0.hasPrefix("SELECT") }
        let history = statements.filter { $0.contains("_strata_history") }
        #expect(history.count == 1, "the history's lock, number and row in one statement")
        #expect(history.allSatisfy { $0.hasPrefix(#"WITH "lock" AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared("#) })
        #expect(selects.filter { $0 != "SELECT pg_notify($1, $2)" }.count == 3, "the context's identifiers, the store's keys, the cascaded pets")
        #expect(selects.filter { $0 == "SELECT pg_notify($1, $2)" }.count == 1, "the commit is announced once")
        #expect(statements.firstIndex(of: "SELECT pg_notify($1, $2)")! > statements.firstIndex(of: "COMMIT")!, "after the commit")
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Owner>()) == 10)
        #expect(try reader.fetchCount(FetchDescriptor<Pet>()) == 30)
    }

    /// The server example's `POST`: a new model related to a stored one. Round trips: `BEGIN`
    /// with the new key; the `INSERT` with the owner's existence check and the history record;
    /// `COMMIT`; its announcement.
    @Test func savingANewModelRelatedToAStoredOneTakesFourRoundTrips() async throws {
        var configuration = try PostgresConfiguration(url: TestCluster.shared().makeDatabase(named: "roundtrips"))
        configuration.poolSize = 1
        let container = try ModelContainer(for: Schema([Owner.self, Pet.self]), configurations: [configuration])
        let store = try #require(container.dataStore as? PostgresStore)
        let setup = ModelContext(container)
        setup.insert(Owner(name: "ann"))
        try await setup.save()
        for name in ["warm-up", "rex"] {
            // The first save prepares the statements; the second is counted.
            let context = ModelContext(container)
            let owner = try #require(try await context.fetch(FetchDescriptor<Owner>()).first)
            context.insert(Pet(name: name, owner: owner))
            let trace = try await store.withConnection { try ProtocolTrace($0) }
            try await context.save()
            let syncs = try await store.withConnection { try trace.stop($0) }
            if name == "rex" { #expect(syncs == 4) }
        }
        let reader = ModelContext(container)
        #expect(try await reader.fetch(FetchDescriptor<Owner>()).first?.pets.map(\.name).sorted() == ["rex", "warm-up"])
    }

    @Test func fetchingAHundredOwnersOfAThousandPetsEachReadsNoPetKeys() throws {
        let (container, recorder) = try traced("unread", [Owner.self, Pet.self])
        try Fixtures.saveOwners(100, petsEach: 1_000, in: container)
        let start = recorder.statements.count
        let context = ModelContext(container)
        let owners = try context.fetch(FetchDescriptor<Owner>())
        #expect(owners.count == 100 && owners.allSatisfy { $0.name.hasPrefix("owner") })
        let fetching = Array(recorder.statements.dropFirst(start))
        #expect(fetching.count == 1, "one statement for the rows, none per relationship: \(fetching)")
        #expect(!fetching.contains { $0.contains(#""Pet""#) })
        #expect(owners[3].pets.count == 1_000)
        #expect(selects(recorder, since: start + fetching.count).count == 2, "the first read: the keys, then the pets")
    }

    @Test func savingAPetOfAnOwnerOfAHundredThousandPetsReadsNoneOfThem() throws {
        let (container, recorder) = try traced("unreadsave", [Owner.self, Pet.self])
        try Fixtures.saveOwner(withPets: 100_000, in: container)
        let identifier = try #require(try ModelContext(container).fetchIdentifiers(FetchDescriptor<Owner>()).first)
        let start = recorder.statements.count
        let context = ModelContext(container)
        let owner = try #require(context.model(for: identifier) as? Owner)
        context.insert(Pet(name: "new", owner: owner))
        try context.save()
        #expect(!recorder.statements.dropFirst(start).contains { $0.hasPrefix("SELECT") && $0.contains(#"FROM "Pet""#) }, "no pet row or key was read")
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Pet>(predicate: #Predicate { $0.owner?.persistentModelID == identifier })) == 100_001)
        #expect(owner.pets.count == 100_001, "the list first read after the save")
    }
}
