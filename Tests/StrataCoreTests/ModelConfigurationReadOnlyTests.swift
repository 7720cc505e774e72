import Foundation
import Strata
import Testing

/// `allowsSave: false`: the store opens read-only, fetches work, and every write throws
/// `unsupportedConfiguration` and changes nothing.
@Suite struct ModelConfigurationReadOnlyTests {
    /// A SQLite file holding one saved trip (and its history), written through a writable configuration.
    static func seededFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-read-only-\(UUID().uuidString).sqlite")
        let context = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url)))
        context.insert(Trip(name: "Lisbon", start: epoch, budget: 900))
        try context.save()
        return url
    }

    static func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }

    @Test func aReadOnlyFileFetchesAndRefusesEveryWrite() throws {
        let url = try Self.seededFile()
        defer { Self.remove(url) }
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        let context = ModelContext(container)
        let lisbon = try #require(try context.fetch(FetchDescriptor<Trip>()).first)
        #expect(lisbon.budget == 900)
        #expect(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count == 1)

        lisbon.budget = 1
        context.insert(Trip(name: "Oslo", start: epoch))
        let error = try #require(throws: SwiftDataError.unsupportedConfiguration) { try context.save() }
        #expect(error.message.contains("allowsSave: false"))
        #expect(context.hasChanges)
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.delete(model: Trip.self, where: #Predicate { $0.name == "Lisbon" }) }
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try container.erase() }
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>()) }

        let writable = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url)))
        let stored = try writable.fetch(FetchDescriptor<Trip>())
        #expect(stored.map(\.name) == ["Lisbon"])
        #expect(stored.first?.budget == 900)
        #expect(try writable.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count == 1)
    }

    @Test func aReadOnlyFileThatDoesNotExistIsNotCreated() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-read-only-missing-\(UUID().uuidString).sqlite")
        defer { Self.remove(url) }
        #expect(throws: SQLiteError.self) {
            _ = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aReadOnlyMemoryStoreFetchesAndRefusesEveryWrite() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        let context = ModelContext(container)
        #expect(try context.fetch(FetchDescriptor<Trip>()).isEmpty)
        context.insert(Trip(name: "Oslo", start: epoch))
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.save() }
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try container.erase() }
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>()) }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 0)
    }
}
