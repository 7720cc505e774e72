import Foundation
import Strata
import Testing

/// `propertiesToFetch` and `relationshipKeyPathsForPrefetching` must name what the store keeps.
@Suite struct FetchKeyPathValidationTests {
    @Test func aTransientPropertyToFetchIsAnUnsupportedKeyPath() throws {
        let context = ModelContext(try makeContainer(Trip.self, Stop.self))
        var descriptor = FetchDescriptor<Trip>()
        descriptor.propertiesToFetch = [\.name, \.isSelected]
        #expect(throws: SwiftDataError.unsupportedKeyPath) { try context.fetch(descriptor) }
    }

    @Test func prefetchingAnAttributeIsAnUnsupportedKeyPath() throws {
        let context = ModelContext(try makeContainer(Trip.self, Stop.self))
        var descriptor = FetchDescriptor<Trip>()
        descriptor.relationshipKeyPathsForPrefetching = [\.name]
        #expect(throws: SwiftDataError.unsupportedKeyPath) { try context.fetch(descriptor) }
    }

    @Test func persistedPropertiesAndRelationshipsAreAccepted() throws {
        let context = ModelContext(try makeContainer(Trip.self, Stop.self))
        context.insert(Trip(name: "A", start: epoch))
        try context.save()
        var descriptor = FetchDescriptor<Trip>()
        descriptor.propertiesToFetch = [\.name, \.stops, \.persistentModelID]
        descriptor.relationshipKeyPathsForPrefetching = [\.stops]
        #expect(try context.fetch(descriptor).map(\.name) == ["A"])
    }
}
