import Foundation
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// Reads go to a streaming replica, writes to the primary, and a context that saved reads its
/// own writes: from the replica once it has replayed them, from the primary when it lags past
/// the wait. The replica's replay is paused to make it lag on cue, so the suite runs serialized.
@Suite(.serialized) struct PostgresReplicaTests {
    @Test func readsGoToTheReplicaAndAContextReadsItsOwnWrites() async throws {
        let replica = try TestCluster.sharedReplica()
        let configuration = try Self.configuration(database: "replicas", replica: replica, waiting: .milliseconds(300))
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let store = try #require(container.dataStore as? PostgresStore)
        let sorted = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.tag)])
        let writer = ModelContext(container)
        writer.insert(Row(tag: "a"))
        try await writer.save()
        try await Self.catchUp(replica)
        try replica.pauseReplay()
        defer { try? replica.resumeReplay() }
        let second = Row(tag: "b")
        writer.insert(second)
        try await writer.save()
        // Another context reads from the replica, which has not replayed the save: fetch, count,
        // identifiers and snapshot loads alike.
        let other = ModelContext(container)
        #expect(try await other.fetch(sorted).map(\.tag) == ["a"])
        #expect(try await other.fetchCount(FetchDescriptor<Row>()) == 1)
        #expect(try await other.fetchIdentifiers(FetchDescriptor<Row>()).count == 1)
        #expect(try await store.cachedSnapshots(for: [second.persistentModelID], editingState: other.editingState).isEmpty)
        // The context that saved waits for the replica in vain, then reads from the primary.
        let waitStarted = ContinuousClock.now
        #expect(try await writer.fetch(sorted).map(\.tag) == ["a", "b"])
        let waited = ContinuousClock.now - waitStarted
        #expect(waited >= .milliseconds(300) && waited < .seconds(5), "waited \(waited)")
        #expect(try await store.cachedSnapshots(for: [second.persistentModelID], editingState: writer.editingState).count == 1)

        // Once the replica has replayed the save, the writer reads from the replica again, at
        // once: a row another context saves while replay is paused again stays unseen.
        try replica.resumeReplay()
        try await Self.catchUp(replica)
        #expect(try await other.fetchCount(FetchDescriptor<Row>()) == 2)
        try replica.pauseReplay()
        let third = ModelContext(container)
        third.insert(Row(tag: "c"))
        try await third.save()
        // Had the writer waited, it would have waited in vain (replay is paused) and read "c" from
        // the primary: its result alone says it read the replica without waiting. No clock bound
        // here; a loaded CI machine took 0.5 s over a plain fetch.
        #expect(try await writer.fetch(sorted).map(\.tag) == ["a", "b"], "no wait: the replica has the writer's saves")
        #expect(try await third.fetch(sorted).map(\.tag) == ["a", "b", "c"], "the third context reads its own write from the primary")
        try replica.resumeReplay()
        #expect(try await eventually { try other.fetch(sorted).map(\.tag) == ["a", "b", "c"] })
    }

    /// The `async` entry points (for `async` fetches and saves) route as the blocking ones do.
    @Test func asyncReadsAndWritesRouteAsTheBlockingOnesDo() async throws {
        let replica = try TestCluster.sharedReplica()
        var configuration = try Self.configuration(database: "asyncreplicas", replica: replica, waiting: .milliseconds(200))
        configuration.schema = Schema([Row.self])
        let store = try PostgresStore(configuration, migrationPlan: nil)
        let writer = EditingState()
        let isStandby: @Sendable (PostgresConnection) throws -> Bool = { try $0.execute("SELECT pg_is_in_recovery()").bool(row: 0, column: 0) ?? false }
        _ = try await store.write(editingState: writer) { try $0.execute("CREATE TABLE marker (id int)").rowCount }
        try await Self.catchUp(replica)
        #expect(try await store.read(editingState: writer, severalStatements: false, isStandby), "caught up: the writer reads from the replica")
        try replica.pauseReplay()
        defer { try? replica.resumeReplay() }
        _ = try await store.write(editingState: writer) { try $0.execute("INSERT INTO marker VALUES (1)").rowCount }
        #expect(try await store.read(editingState: EditingState(), severalStatements: false, isStandby), "another context reads from the replica")
        #expect(try await !store.read(editingState: writer, severalStatements: false, isStandby), "the writer, lagged behind, reads from the primary")
        #expect(try await store.write(editingState: writer, isStandby) == false, "writes run on the primary")
    }

    /// A store on a new database of the shared cluster, reading from `replica`.
    private static func configuration(database: String, replica: TestCluster, waiting: Duration) throws -> PostgresConfiguration {
        let url = try TestCluster.shared().makeDatabase(named: database)
        var configuration = PostgresConfiguration(
            primary: try PostgresConnectionSettings(url: url), replicas: [try PostgresConnectionSettings(url: replica.sameDatabase(as: url))])
        configuration.replicaWaitTimeout = waiting
        return configuration
    }

    /// Waits until `replica` has replayed everything the primary had written when called.
    private static func catchUp(_ replica: TestCluster) async throws {
        let primary = try PostgresConnection(conninfo: TestCluster.shared().url)
        defer { primary.close() }
        let position = try primary.execute("SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint").int64(row: 0, column: 0) ?? 0
        let standby = try PostgresConnection(conninfo: replica.url)
        defer { standby.close() }
        let replayed = try await eventually {
            try standby.execute("SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint").int64(row: 0, column: 0) ?? 0 >= position
        }
        #expect(replayed, "the replica caught up with the primary")
    }

    @Test func replicasComeFromTheURL() throws {
        let configuration = try PostgresConfiguration(
            url: "postgres://app:pw@primary.internal/shop?replicas=r1.internal:5433,%5B::1%5D:5434&replica_wait_timeout=250&sslmode=require")
        #expect(configuration.replicas.map(\.endpoints) == [[.init(host: "r1.internal", port: 5433)], [.init(host: "::1", port: 5434)]])
        #expect(configuration.replicas.allSatisfy { $0.user == "app" && $0.password == "pw" && $0.database == "shop" && $0.sslMode == .require })
        #expect(configuration.replicaWaitTimeout == .milliseconds(250))
    }

    @Test func anUnreachableReplicaSendsReadsToThePrimary() throws {
        let url = try TestCluster.shared().makeDatabase(named: "deadreplica")
        let unreachable = try PostgresConnectionSettings(host: "127.0.0.1", port: TestCluster.freePort(), user: "strata", database: "x")
        let configuration = PostgresConfiguration(primary: try PostgresConnectionSettings(url: url), replicas: [unreachable])
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let context = ModelContext(container)
        context.insert(Row(tag: "kept"))
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Row>()).map(\.tag) == ["kept"])
    }
}
