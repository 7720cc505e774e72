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
        #expect(throws: SwiftDataError.modelNotInSchema) { try context.save() }
        #expect(context.hasChanges)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Trip>()) == 1)
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
