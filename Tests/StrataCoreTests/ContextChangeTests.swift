import Strata
import Testing

@Suite struct ContextChangeTests {
    @Test func rollbackRestoresSavedValuesAndDropsInserts() throws {
        let context = ModelContext(try makeContainer())
        let trip = Trip(name: "A", start: epoch, budget: 1)
        context.insert(trip)
        try context.save()
        trip.budget = 2
        let extra = Trip(name: "B", start: epoch)
        context.insert(extra)
        #expect(context.hasChanges)
        #expect(trip.hasChanges)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(trip.budget == 1)
        #expect(extra.modelContext == nil)
        #expect(try context.fetchCount(FetchDescriptor<Trip>()) == 1)
    }

    @Test func aModelThatOutlivesItsContextSeesItGone() throws {
        let container = try makeContainer()
        var context: ModelContext? = ModelContext(container)
        weak let released = context
        let trip = Trip(name: "A", start: epoch, budget: 1)
        context!.insert(trip)
        try context!.save()
        #expect(trip.modelContext === context)
        context = nil
        // The model keeps its context's owner, not the context.
        #expect(released == nil)
        #expect(trip.modelContext == nil)
        #expect(!trip.hasChanges)
        #expect(trip.name == "A" && trip.budget == 1)
        let other = ModelContext(container)
        #expect(try other.fetch(FetchDescriptor<Trip>()).first?.persistentModelID == trip.persistentModelID)
    }

    @Test func inversesFollowTheSideTheAppChanged() throws {
        let context = ModelContext(try makeContainer(Trip.self))
        let lisbon = Trip(name: "Lisbon", start: epoch)
        let porto = Trip(name: "Porto", start: epoch)
        let stop = Stop(city: "Alfama")
        context.insert(lisbon)
        context.insert(porto)
        stop.trip = lisbon
        context.insert(stop)
        #expect(lisbon.stops.map(\.city) == ["Alfama"])
        porto.stops.append(stop)
        #expect(stop.trip === porto)
        #expect(lisbon.stops.isEmpty)
        try context.save()

        let fresh = ModelContext(context.container)
        let stored = try fresh.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map { $0.stops.count } == [0, 1])
        #expect(stored[1].stops.first?.trip === stored[1])
    }

    @Test func relatedModelsAreInsertedWithTheirOwner() throws {
        let container = try makeContainer(Trip.self)
        let context = ModelContext(container)
        let trip = Trip(name: "A", start: epoch)
        trip.stops = [Stop(city: "x"), Stop(city: "y")]
        context.insert(trip)
        #expect(context.insertedModelsArray.count == 3)
        try context.save()
        #expect(trip.stops.allSatisfy { !$0.persistentModelID.isTemporary })
        let reader = ModelContext(container)
        let stops = try reader.fetch(FetchDescriptor<Stop>(sortBy: [SortDescriptor(\.city)]))
        #expect(stops.map { $0.trip?.name } == ["A", "A"])
    }

    @Test func pendingChangesTakePartInFetches() throws {
        let context = ModelContext(try makeContainer())
        let saved = Trip(name: "saved", start: epoch, budget: 5)
        let doomed = Trip(name: "doomed", start: epoch, budget: 5)
        context.insert(saved)
        context.insert(doomed)
        try context.save()
        context.insert(Trip(name: "new", start: epoch, budget: 5))
        context.delete(doomed)
        saved.budget = 50
        let cheap = FetchDescriptor<Trip>(predicate: #Predicate { $0.budget == 5 })
        #expect(try context.fetch(cheap).map(\.name) == ["new"])
        #expect(try context.fetchCount(cheap) == 1)
        var storedOnly = cheap
        storedOnly.includePendingChanges = false
        #expect(try context.fetch(storedOnly).map(\.name).sorted() == ["doomed", "saved"])
    }

    @Test func cascadeDeleteReachesRegisteredAndStoredModels() throws {
        let container = try makeContainer(Trip.self)
        let context = ModelContext(container)
        let trip = Trip(name: "A", start: epoch)
        trip.stops = [Stop(city: "x"), Stop(city: "y")]
        context.insert(trip)
        try context.save()
        let stop = trip.stops[0]
        context.delete(trip)
        try context.save()
        #expect(stop.isDeleted)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Stop>()) == 0)
    }

    @Test func batchDeleteRemovesMatchingRowsNow() throws {
        let container = try makeContainer()
        let context = ModelContext(container)
        for (index, name) in ["a", "b", "c"].enumerated() { context.insert(Trip(name: name, start: epoch, budget: Double(index))) }
        try context.save()
        let registered = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "a" }))[0]
        try context.delete(model: Trip.self, where: #Predicate { $0.budget! < 2 })
        #expect(registered.isDeleted)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name) == ["c"])
    }

    @Test func didSaveListsTheSavedIdentifiers() async throws {
        let context = ModelContext(try makeContainer())
        let trip = Trip(name: "A", start: epoch)
        context.insert(trip)
        let observer = SaveObserver()
        let token = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
            observer.record(note.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue] as? [PersistentIdentifier] ?? [])
        }
        defer { NotificationCenter.default.removeObserver(token) }
        try await context.async.save()
        #expect(observer.identifiers == [trip.persistentModelID])
    }

    @Test func enumerateVisitsEveryMatchInBatches() throws {
        let context = ModelContext(try makeContainer())
        for index in 0..<25 { context.insert(Trip(name: "t\(index)", start: epoch + Double(index) * day)) }
        try context.save()
        var seen: [String] = []
        try context.enumerate(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start)]), batchSize: 7) { seen.append($0.name) }
        #expect(seen == (0..<25).map { "t\($0)" })
    }

    @Test func transactionSavesWhatTheBlockChanged() throws {
        let container = try makeContainer()
        let context = ModelContext(container)
        try context.transaction { context.insert(Trip(name: "A", start: epoch)) }
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
    }
}

/// Collects identifiers a notification handler saw.
final class SaveObserver: @unchecked Sendable {
    private(set) var identifiers: [PersistentIdentifier] = []
    func record(_ identifiers: [PersistentIdentifier]) { self.identifiers += identifiers }
}
