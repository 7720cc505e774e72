import Strata
import Testing

@Suite struct SchemaTests {
    @Test func relatedTypesAreDiscoveredThroughRelationships() throws {
        let schema = Schema([Trip.self])
        #expect(schema.entities.map(\.name) == ["Trip", "Stop"])
        let trip = try #require(schema.entitiesByName["Trip"])
        #expect(trip.attributes.map(\.name) == ["name", "start", "budget"])
        #expect(trip.relationships.map(\.name) == ["stops"])
        #expect(trip.attributesByName["budget"]?.isOptional == true)
        #expect(trip.attributesByName["start"]?.storageType == .date)
        #expect(trip.uniquenessConstraints == [["name"]])
    }

    @Test func inversesResolveOnBothSides() throws {
        let schema = Schema([Trip.self])
        let stops = try #require(schema.entitiesByName["Trip"]?.relationshipsByName["stops"])
        let trip = try #require(schema.entitiesByName["Stop"]?.relationshipsByName["trip"])
        #expect(stops.inverseName == "trip")
        #expect(trip.inverseName == "stops")
        #expect(stops.deleteRule == .cascade)
        #expect(!stops.isToOneRelationship)
        #expect(trip.isToOneRelationship)
        #expect(trip.destination == "Trip")
    }

    @Test func uniqueAndIndexMacrosReachTheSchema() throws {
        let vehicle = try #require(Schema([Vehicle.self]).entitiesByName["Vehicle"])
        #expect(vehicle.uniquenessConstraints == [["plate"]])
        #expect(vehicle.indices == [["plate"], ["wheels"]])
    }

    @Test func indexKindsReachTheSchemaAsKeyPathGroups() throws {
        let place = try #require(Schema([Place.self]).entitiesByName["Place"])
        #expect(place.indices == [["name"], ["latitude", "longitude"]])
        let declared = Schema.Index<Place>(.binary([\.name]), .rtree([\.latitude]))
        #expect(declared.indices.map(\.keyPaths) == [[\Place.name], [\Place.latitude]])
        #expect(Schema.Index<Place>([\.name], [\.latitude]).indices.map(\.keyPaths) == [[\Place.name], [\Place.latitude]])
    }

    @Test func transientPropertiesAreNotInTheSchema() throws {
        let trip = try #require(Schema([Trip.self]).entitiesByName["Trip"])
        #expect(trip.attributesByName["isSelected"] == nil)
    }

    @Test func unsupportedAttributeTypeFailsContainerCreation() {
        #expect(throws: SwiftDataError.unsupportedAttributeType) {
            _ = try makeContainer(Unstorable.self)
        }
        do {
            _ = try makeContainer(Unstorable.self)
        } catch let error as SwiftDataError {
            #expect(error.propertyName == "opaque")
            #expect(error.message.contains("Opaque"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func exactlyOneConfigurationIsRequired() {
        #expect(throws: SwiftDataError.unsupportedConfiguration) {
            _ = try ModelContainer(for: Schema([Trip.self]), configurations: [InMemoryConfiguration(), InMemoryConfiguration()])
        }
    }
}
