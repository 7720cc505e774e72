import Strata
import Testing

/// SwiftData code calls a context's synchronous methods from `async` functions, `@Test async`
/// tests and `@ModelActor` methods. With `import Strata` alone (this test module imports neither
/// StrataPostgres nor StrataAsync) that code compiles unchanged and calls what it calls under
/// SwiftData: were the suspending forms visible here, each plain call below would be a compile
/// error ("expression is 'async' but is not marked with 'await'").
@Suite struct AsyncSourceCompatibilityTests {
    /// A helper of the kind ported apps have: an `async` function saving synchronously.
    private func addTrip(named name: String, to context: ModelContext) async throws {
        context.insert(Trip(name: name, start: epoch))
        try context.save()
    }

    @Test func synchronousContextCallsCompileInAsyncCode() async throws {
        let context = ModelContext(try makeContainer())
        try await addTrip(named: "Lisbon", to: context)
        try await addTrip(named: "Porto", to: context)
        let trips = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(trips.map(\.name) == ["Lisbon", "Porto"])
        #expect(try context.fetchCount(FetchDescriptor<Trip>()) == 2)
        #expect(try context.fetchIdentifiers(FetchDescriptor<Trip>()).count == 2)
        try context.delete(model: Trip.self, where: #Predicate { $0.name == "Porto" })
        #expect(try context.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Lisbon"])
    }

    @Test func modelActorMethodsSaveSynchronously() async throws {
        let container = try makeContainer()
        let importer = TripImporter(modelContainer: container)
        #expect(try await importer.importTrips(["a"]) == 1)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
    }
}
