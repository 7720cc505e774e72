import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Testing

/// Two principals' devices and an admin edit scoped rows at random, give rows away and link
/// across scopes; every device ends with its principal's rows as the server has them.
@Suite struct ScopedConvergenceTests {
    static let stores = ReplicaStores(
        makeServer: { try ModelContainer(for: Schema(ScopedSchema.server), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())]) },
        makeClient: { try ModelContainer(for: Schema(ScopedSchema.client), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())]) })

    /// Seeds 1–70 under `newerWins`, 71–100 under `serverWins`.
    @Test(arguments: 1...100)
    func converges(seed: Int) async throws {
        try await ScopedConvergence.run(seed: UInt64(seed), stores: Self.stores)
    }

}
