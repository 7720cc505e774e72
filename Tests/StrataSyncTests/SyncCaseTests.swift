import Foundation
import Strata
import StrataSyncCases
import Testing

/// Every sync case on the in-memory store and on SQLite, each in a fresh container.
@Suite struct SyncCaseTests {
    @Test(arguments: SyncCases.all)
    func inMemory(_ syncCase: SyncCase) async throws {
        try await syncCase.run(in: ModelContainer(for: Schema(SyncCases.schema), configurations: [InMemoryConfiguration()]))
    }

    @Test(arguments: SyncCases.all)
    func sqlite(_ syncCase: SyncCase) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sync-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try await syncCase.run(in: ModelContainer(for: Schema(SyncCases.schema), configurations: [SQLiteConfiguration(url: url)]))
    }
}
