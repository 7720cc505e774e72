import Foundation
import Strata
import Testing

/// The `async` context calls answer exactly as the synchronous ones: pending changes merged,
/// refused predicates evaluated in memory, prefetching, failed saves keeping their changes.
@Suite struct AsyncContextTests {
    private func makeContext() throws -> ModelContext {
        let context = ModelContext(try ModelContainer(for: Trip.self, Stop.self, configurations: InMemoryConfiguration()))
        return context
    }

    @Test func aFetchIncludesPendingChangesSortedAndWindowed() async throws {
        let context = try makeContext()
        context.insert(Trip(name: "B", start: .now, budget: 2))
        try await context.async.save()
        context.insert(Trip(name: "A", start: .now, budget: 1))
        context.insert(Trip(name: "C", start: .now, budget: 3))
        var descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        descriptor.fetchLimit = 2
        #expect(try await context.async.fetch(descriptor).map(\.name) == ["A", "B"])
        #expect(try await context.async.fetchCount(FetchDescriptor<Trip>()) == 3)
        #expect(try await context.async.fetchIdentifiers(FetchDescriptor<Trip>()).count == 3)
        descriptor.includePendingChanges = false
        #expect(try await context.async.fetch(descriptor).map(\.name) == ["B"])
    }

    @Test func aFailedSaveWritesNothingAndKeepsItsChanges() async throws {
        let context = try makeContext()
        context.insert(Trip(name: "Lisbon", start: .now))
        try await context.async.save()
        context.insert(Trip(name: "Lisbon", start: .now))
        context.insert(Stray(label: "not in the schema"))
        await #expect(throws: SwiftDataError.self) { try await context.async.save() }
        #expect(context.hasChanges)
        #expect(try await ModelContext(context.container).async.fetchCount(FetchDescriptor<Trip>()) == 1)
    }

    @Test func aSaveAssignsPermanentIdentifiersAndPostsDidSave() async throws {
        let context = try makeContext()
        let trip = Trip(name: "Oslo", start: .now)
        context.insert(trip)
        trip.stops.append(Stop(city: "Bergen"))
        #expect(trip.persistentModelID.isTemporary)
        try await context.async.save()
        #expect(!trip.persistentModelID.isTemporary)
        #expect(!context.hasChanges)
        let other = ModelContext(context.container)
        let stops = try await other.async.fetch(FetchDescriptor<Stop>())
        #expect(stops.map(\.trip?.name) == ["Oslo"])
    }

    @Test func aBatchDeleteFollowsDeleteRules() async throws {
        let context = try makeContext()
        let trip = Trip(name: "Rome", start: .now)
        context.insert(trip)
        trip.stops = [Stop(city: "Ostia"), Stop(city: "Tivoli")]
        context.insert(Trip(name: "Paris", start: .now))
        try await context.async.save()
        try await context.async.delete(model: Trip.self, where: #Predicate { $0.name == "Rome" })
        #expect(try await context.async.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Paris"])
        #expect(try await context.async.fetchCount(FetchDescriptor<Stop>()) == 0, "the cascade deleted the stops")
    }
}
