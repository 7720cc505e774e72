import Foundation
import StrataCore
import StrataPostgres
import StrataSQLite
import StrataSync
import StrataSyncCases
import Testing

/// Random edits on a PostgreSQL server and two SQLite clients (edge devices) converge, for every seed.
/// One run at a time: Swift Testing starts every argument at once, and each run holds its
/// server's connections until it ends (400 runs at once exhausted the test server's 200).
@Suite(.serialized) struct PostgresReplicationTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "replication") }
    static let namespaceCounter = CaseCounter()

    static let stores = ReplicaStores(
        makeServer: {
            var configuration = try PostgresConfiguration(url: database.get(), namespace: "replica_\(namespaceCounter.next())")
            configuration.poolSize = 2  // a run uses one connection at a time
            return try ModelContainer(for: Schema(ReplicaSchema.server), configurations: [configuration])
        },
        makeClient: {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replica-\(UUID().uuidString).sqlite")
            return try ModelContainer(for: Schema(ReplicaSchema.client), configurations: [SQLiteConfiguration(url: url)])
        })

    @Test(arguments: 1...70)
    func newerWins(seed: Int) async throws {
        try await ReplicationConvergence.run(seed: UInt64(seed), conflicts: .newerWins(), stores: Self.stores)
    }

    @Test(arguments: 71...100)
    func serverWins(seed: Int) async throws {
        try await ReplicationConvergence.run(seed: UInt64(seed), conflicts: .serverWins, stores: Self.stores)
    }
}

/// Three server instances on one PostgreSQL namespace, each with its own pool, every batch sent to
/// all three at once: each is applied once (docs/replication.md, "Several server processes").
@Suite struct PostgresExactlyOnceTests {
    @Test func threeInstancesOnOneDatabaseApplyEachBatchOnce() throws {
        let url = try PostgresReplicationTests.database.get(), namespace = "exactly_once_\(PostgresReplicationTests.namespaceCounter.next())"
        try ExactlyOnceAcrossInstances.run {
            var configuration = try PostgresConfiguration(url: url, namespace: namespace)
            configuration.poolSize = 2
            return try ModelContainer(for: Schema(ReplicaSchema.server), configurations: [configuration])
        }
    }
}
