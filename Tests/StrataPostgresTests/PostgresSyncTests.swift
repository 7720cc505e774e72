import Foundation
import StrataConformance
import StrataCore
import StrataSyncCases
@testable import StrataPostgres
import Testing

/// Every sync case on PostgreSQL, each in its own schema of one database on the shared test server.
@Suite struct PostgresSyncTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "sync") }
    static let caseCounter = CaseCounter()

    @Test(arguments: SyncCases.all)
    func postgres(_ syncCase: SyncCase) async throws {
        let configuration = try PostgresConfiguration(url: Self.database.get(), namespace: "sync_\(Self.caseCounter.next())")
        try await syncCase.run(in: ModelContainer(for: Schema(SyncCases.schema), configurations: [configuration]))
    }
}
