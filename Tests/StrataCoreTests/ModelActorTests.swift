import Strata
import Testing

@ModelActor actor TripImporter {
    func importTrips(_ names: [String]) throws -> Int {
        for name in names { modelContext.insert(Trip(name: name, start: epoch)) }
        try modelContext.save()
        return try modelContext.fetchCount(FetchDescriptor<Trip>())
    }
}

@Suite struct ModelActorTests {
    @Test func modelActorSavesThroughItsOwnContext() async throws {
        let container = try makeContainer()
        let importer = TripImporter(modelContainer: container)
        #expect(try await importer.importTrips(["a", "b"]) == 2)
        #expect(try await ModelContext(container).async.fetchCount(FetchDescriptor<Trip>()) == 2)
    }

    @Test func observationSeesPersistedPropertyChanges() throws {
        let trip = Trip(name: "A", start: epoch)
        let changed = ChangeFlag()
        withObservationTracking { _ = trip.name } onChange: { changed.raise() }
        #expect(!changed.isRaised)
        trip.name = "B"
        #expect(changed.isRaised)
        #expect(trip.name == "B")
    }
}

/// Records that an observation fired.
final class ChangeFlag: @unchecked Sendable {
    private(set) var isRaised = false
    func raise() { isRaised = true }
}
