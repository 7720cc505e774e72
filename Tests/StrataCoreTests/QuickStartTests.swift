import Strata
import Testing

/// The quick start, adapted only in naming the in-memory configuration.
@Suite struct QuickStartTests {
    @Test func quickStartFetchesWithPredicateAndReverseSort() throws {
        let container = try ModelContainer(for: Trip.self, Stop.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let trips = [
            Trip(name: "Lisbon", start: epoch, budget: 900),
            Trip(name: "Oslo", start: epoch + 10 * day, budget: 100),
            Trip(name: "Kyoto", start: epoch + 20 * day),
            Trip(name: "Rome", start: epoch + 30 * day, budget: 50),
        ]
        for trip in trips { context.insert(trip) }
        try context.save()

        let cheap = try context.fetch(FetchDescriptor<Trip>(
            predicate: #Predicate { $0.budget != 100 && $0.name.contains("o") },
            sortBy: [SortDescriptor(\.start, order: .reverse)]))

        // Kyoto has no budget: `nil != 100` is true in Swift, so it matches.
        #expect(cheap.map(\.name) == ["Rome", "Kyoto", "Lisbon"])
    }

    @Test func persistentConfigurationKeepsDataAcrossContainers() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-quickstart-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            context.insert(Trip(name: "Lisbon", start: epoch, budget: 900))
            try context.save()
        }
        let reopened = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let trips = try ModelContext(reopened).fetch(FetchDescriptor<Trip>())
        #expect(trips.map(\.name) == ["Lisbon"])
        #expect(trips.first?.budget == 900)
    }

    /// Each program keeps its default stores in a directory of its own, named after it, so two
    /// programs calling `ModelContainer(for:)` never write into one file.
    @Test func theDefaultLocationIsThisProgramsOwn() throws {
        let directory = try ModelConfiguration.defaultStoreURL().deletingLastPathComponent()
        #expect(directory.lastPathComponent == ProcessInfo.processInfo.processName)
        #expect(directory.deletingLastPathComponent().lastPathComponent == "strata")
        #expect(ModelConfiguration().url == directory.appendingPathComponent("default.store"))
    }

    @Test func defaultConfigurationOpensSQLiteAtTheDefaultLocation() throws {
        let name = "strata-default-\(UUID().uuidString)"
        let url = try ModelConfiguration.defaultStoreURL(name: name)
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(name))
        #expect(container.dataStore is DefaultStore)
        let context = ModelContext(container)
        context.insert(Trip(name: "A", start: epoch))
        try context.save()
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func configurationWithoutSavesRefusesToSave() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        let context = ModelContext(container)
        context.insert(Trip(name: "A", start: epoch))
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.save() }
        #expect(context.hasChanges)
    }
}
