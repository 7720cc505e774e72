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
