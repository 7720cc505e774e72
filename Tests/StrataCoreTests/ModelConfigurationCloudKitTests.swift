import Foundation
import Strata
import Testing

/// CloudKit on Linux: `.none` and `.automatic` open a local store, `.private(_:)` is refused.
@Suite struct ModelConfigurationCloudKitTests {
    @Test(arguments: [ModelConfiguration.CloudKitDatabase.none, .automatic])
    func localChoicesOpenAndSave(_ database: ModelConfiguration.CloudKitDatabase) throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: database))
        let context = ModelContext(container)
        context.insert(Trip(name: "Lisbon", start: epoch))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Trip>()) == 1)
    }

    @Test func aPrivateDatabaseIsRefusedAtContainerCreation() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .private("iCloud.com.example.trips"))
        #expect(configuration.cloudKitContainerIdentifier == "iCloud.com.example.trips")
        let error = try #require(throws: SwiftDataError.unsupportedConfiguration) {
            _ = try ModelContainer(for: Trip.self, configurations: configuration)
        }
        #expect(error.message.contains("CloudKit"))
        #expect(error.message.contains("iCloud.com.example.trips"))
    }

    @Test func aPrivateDatabaseOnAFileCreatesNoFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cloudkit-\(UUID().uuidString).sqlite")
        #expect(throws: SwiftDataError.unsupportedConfiguration) {
            _ = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, cloudKitDatabase: .private("iCloud.com.example.trips")))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
