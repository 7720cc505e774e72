import Strata
import Testing

@Suite struct ContextIdentityTests {
    @Test func saveReplacesTemporaryIdentifiersOnce() throws {
        let context = ModelContext(try makeContainer())
        let trip = Trip(name: "A", start: epoch)
        context.insert(trip)
        let temporary = trip.persistentModelID
        #expect(temporary.isTemporary)
        try context.save()
        let permanent = trip.persistentModelID
        #expect(!permanent.isTemporary)
        #expect(permanent != temporary)
        trip.budget = 10
        try context.save()
        #expect(trip.persistentModelID == permanent)
        let registered: Trip? = context.registeredModel(for: permanent)
        let stale: Trip? = context.registeredModel(for: temporary)
        #expect(registered === trip)
        #expect(stale == nil)
    }

    @Test func fetchingTheSameRowTwiceGivesTheSameObject() throws {
        let container = try makeContainer()
        let writer = ModelContext(container)
        writer.insert(Trip(name: "A", start: epoch))
        try writer.save()
        let reader = ModelContext(container)
        let first = try reader.fetch(FetchDescriptor<Trip>())
        let second = try reader.fetch(FetchDescriptor<Trip>())
        #expect(first.count == 1)
        #expect(first[0] === second[0])
        #expect(first[0] !== (try writer.fetch(FetchDescriptor<Trip>()))[0])
    }


    /// A final class creates its models through `@Model`'s own factories, a non-final one through
    /// StrataCore's generic ones: both must give attached models over the fetched values.
    @Test func fetchedModelsOfFinalAndNonFinalClassesAreAttached() throws {
        let container = try makeContainer(Trip.self, Vehicle.self)
        let writer = ModelContext(container)
        writer.insert(Trip(name: "A", start: epoch))
        writer.insert(Vehicle(plate: "XY-1", wheels: 3))
        try writer.save()
        let reader = ModelContext(container)
        let trips = try reader.fetch(FetchDescriptor<Trip>())
        let vehicles = try reader.fetch(FetchDescriptor<Vehicle>())
        #expect(trips.map(\.name) == ["A"] && vehicles.map(\.plate) == ["XY-1"] && vehicles.map(\.wheels) == [3])
        #expect(trips[0].modelContext === reader && vehicles[0].modelContext === reader)
        #expect(!trips[0].persistentModelID.isTemporary && !vehicles[0].persistentModelID.isTemporary)
        #expect(reader.model(for: vehicles[0].persistentModelID) === vehicles[0])
        vehicles[0].wheels = 4
        #expect(reader.hasChanges)
        try reader.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Vehicle>()).map(\.wheels) == [4])
    }
    @Test func insertingIntoASecondContextIsRefusedWithATypedError() throws {
        let container = try makeContainer()
        let first = ModelContext(container)
        let second = ModelContext(container)
        let trip = Trip(name: "A", start: epoch)
        first.insert(trip)
        second.insert(Trip(name: "B", start: epoch))
        second.insert(trip)
        #expect(throws: SwiftDataError.modelBelongsToAnotherContext) { try second.save() }
        #expect(second.insertedModelsArray.count == 1)
        try second.save()
        try first.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 2)
    }

    @Test func aModelTypeOutsideTheSchemaIsATypedError() throws {
        let context = ModelContext(try makeContainer())
        #expect(throws: SwiftDataError.modelNotInSchema) { try context.fetch(FetchDescriptor<Stray>()) }
        context.insert(Trip(name: "kept", start: epoch))
        context.insert(Stray(label: "x"))
        // The context remembers the last type it found in the schema; a stray in between must
        // not make the next Trip look unknown, nor a Trip make the stray look known.
        context.insert(Trip(name: "also kept", start: epoch))
        context.insert(Stray(label: "y"))
        #expect(throws: SwiftDataError.modelNotInSchema) { try context.save() }
        #expect(context.hasChanges)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Trip>()) == 2)
    }

    @Test func identifiersAreCodable() throws {
        let context = ModelContext(try makeContainer())
        let trip = Trip(name: "A", start: epoch)
        context.insert(trip)
        try context.save()
        let data = try JSONEncoder().encode(trip.persistentModelID)
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: data)
        #expect(decoded == trip.persistentModelID)
        #expect(decoded.primaryKey.integerValue != nil)
        #expect(context.model(for: decoded) === trip)
    }
}
