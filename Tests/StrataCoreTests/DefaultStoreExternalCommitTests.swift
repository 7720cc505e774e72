import Foundation
import Strata
import Synchronization
import Testing

/// The default store forwards `observeExternalCommits` to the store its configuration selected.
@Suite struct DefaultStoreExternalCommitTests {
    @Test func aFileStoreSignalsAnotherContainersSave() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-default-commits-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let observer = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let store = try #require(observer.dataStore as? DefaultStore)
        #expect(store.capabilities.features.contains(.externalChanges))
        let signals = Atomic(0)
        let observation = try store.observeExternalCommits { signals.add(1, ordering: .relaxed) }
        defer { observation.cancel() }
        let context = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url)))
        context.insert(Trip(name: "Lisbon", start: epoch))
        try context.save()
        let deadline = Date().addingTimeInterval(2)
        while signals.load(ordering: .relaxed) == 0, Date() < deadline { usleep(1_000) }
        #expect(signals.load(ordering: .relaxed) > 0)
    }

    @Test func anInMemoryStoreCannotBeWatched() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let store = try #require(container.dataStore as? DefaultStore)
        #expect(!store.capabilities.features.contains(.externalChanges))
        #expect(throws: DataStoreError.unsupportedFeature) { _ = try store.observeExternalCommits {} }
    }
}
