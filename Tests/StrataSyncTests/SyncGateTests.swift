import Foundation
import Strata
@testable import StrataSync
import StrataSyncCases
import Testing

/// A serialized import waits for whoever holds its container's gate, and runs once it is free.
@Suite struct SyncGateTests {
    @Test func serializedImportWaitsForTheHolder() async throws {
        let container = try ModelContainer(for: Schema(SyncCases.schema), configurations: [InMemoryConfiguration()])
        let key = ObjectIdentifier(container)
        await SyncGate.shared.acquire(key)
        let payload = Data(#"[{"id": 1, "full_name": "A"}]"#.utf8)
        let pull = Task { try await SyncImporter(container: container).importJSON(payload, as: SyncUser.self, serialized: true) }
        var yields = 0
        while await SyncGate.shared.waitingCount(for: key) == 0, yields < 100_000 {
            await Task.yield()
            yields += 1
        }
        #expect(await SyncGate.shared.waitingCount(for: key) == 1, "the import queues behind the holder")
        #expect(try await ModelContext(container).async.fetchCount(FetchDescriptor<SyncUser>()) == 0, "and has not run")
        await SyncGate.shared.release(key)
        #expect(try await pull.value.inserted == 1)
        #expect(try await ModelContext(container).async.fetchCount(FetchDescriptor<SyncUser>()) == 1)
    }

    @Test func unserializedImportDoesNotWait() async throws {
        let container = try ModelContainer(for: Schema(SyncCases.schema), configurations: [InMemoryConfiguration()])
        let key = ObjectIdentifier(container)
        await SyncGate.shared.acquire(key)
        let payload = Data(#"[{"id": 1, "full_name": "A"}]"#.utf8)
        #expect(try await SyncImporter(container: container).importJSON(payload, as: SyncUser.self, serialized: false).inserted == 1)
        await SyncGate.shared.release(key)
    }
}
