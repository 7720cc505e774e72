import Foundation
import Strata
import Testing

/// The history of a `ModelConfiguration` container is the wrapped store's: saves are recorded,
/// fetched by token and deleted, in memory and in a SQLite file (DefaultStoreConformanceTests
/// runs every history case too).
@Suite struct DefaultStoreHistoryTests {
    @Test(arguments: [true, false])
    func savesAreRecordedFetchedAndDeleted(inMemory: Bool) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-default-history-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let configuration = inMemory ? ModelConfiguration(isStoredInMemoryOnly: true) : ModelConfiguration(url: url)
        let container = try ModelContainer(for: Trip.self, configurations: configuration)
        let context = ModelContext(container)
        context.author = "importer"
        let lisbon = Trip(name: "Lisbon", start: epoch)
        context.insert(lisbon)
        try context.save()
        lisbon.budget = 10
        try context.save()

        let all = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(all.map(\.author) == ["importer", "importer"])
        #expect(all.allSatisfy { $0.storeIdentifier == container.dataStore.identifier })
        #expect(all.first?.changes.map(\.changedPersistentIdentifier) == [lisbon.persistentModelID])
        let first = try #require(all.first).token
        let later = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > first }))
        #expect(later.map(\.token) == [all[1].token])

        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token <= first }))
        #expect(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).map(\.token) == [all[1].token])
    }
}
