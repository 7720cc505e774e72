import Foundation
import StrataCore
import StrataPostgres
import StrataSQLite
import StrataSync
import StrataSyncCases
import Testing

/// Two principals' SQLite devices and an admin on a PostgreSQL server edit scoped rows at
/// random, give rows between principals and link across scopes; every device ends with its
/// principal's rows as the server has them. One run at a time, as `PostgresReplicationTests`.
@Suite(.serialized) struct PostgresScopedReplicationTests {
    static let namespaceCounter = CaseCounter()

    static let stores = ReplicaStores(
        makeServer: {
            var configuration = try PostgresConfiguration(url: PostgresReplicationTests.database.get(), namespace: "scoped_\(namespaceCounter.next())")
            configuration.poolSize = 2
            return try ModelContainer(for: Schema(ScopedSchema.server), configurations: [configuration])
        },
        makeClient: {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-scoped-\(UUID().uuidString).sqlite")
            return try ModelContainer(for: Schema(ScopedSchema.client), configurations: [SQLiteConfiguration(url: url)])
        })

    /// Seeds 1–70 under `newerWins`, 71–100 under `serverWins`.
    @Test(arguments: 1...100)
    func converges(seed: Int) async throws {
        try await ScopedConvergence.run(seed: UInt64(seed), stores: Self.stores)
    }
}
