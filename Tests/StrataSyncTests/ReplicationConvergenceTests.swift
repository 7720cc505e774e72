import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Testing

/// Random edits on a SQLite server and two SQLite clients converge, for every seed.
@Suite struct ReplicationConvergenceTests {
    static let stores = ReplicaStores(
        makeServer: { try ModelContainer(for: Schema(ReplicaSchema.server), configurations: [SQLiteConfiguration(url: temporaryStore())]) },
        makeClient: { try ModelContainer(for: Schema(ReplicaSchema.client), configurations: [SQLiteConfiguration(url: temporaryStore())]) })

    static func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-replica-\(UUID().uuidString).sqlite")
    }

    @Test(arguments: 1...40)
    func newerWins(seed: Int) async throws {
        try await ReplicationConvergence.run(seed: UInt64(seed), conflicts: .newerWins(), stores: Self.stores)
    }

    @Test(arguments: 41...70)
    func serverWins(seed: Int) async throws {
        try await ReplicationConvergence.run(seed: UInt64(seed), conflicts: .serverWins, stores: Self.stores)
    }

    @Test(arguments: 71...100)
    func clientWins(seed: Int) async throws {
        try await ReplicationConvergence.run(seed: UInt64(seed), conflicts: .clientWins, stores: Self.stores)
    }
}
