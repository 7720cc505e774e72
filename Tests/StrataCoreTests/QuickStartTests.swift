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

    @Test func persistentDefaultIsNotSilentlyInMemory() {
        #expect(throws: SwiftDataError.unsupportedConfiguration) {
            _ = try ModelContainer(for: Trip.self)
        }
    }

    @Test func configurationWithoutSavesRefusesToSave() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false))
        let context = ModelContext(container)
        context.insert(Trip(name: "A", start: epoch))
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try context.save() }
        #expect(context.hasChanges)
    }
}
