import Foundation
import Strata
import Testing

/// `groupContainer:`: a named group keeps its stores in `groups/<name>/` under the default
/// directory; `.automatic` and `.none` use the default directory.
@Suite struct ModelConfigurationGroupContainerTests {
    @Test func aGroupKeepsItsStoreInItsOwnDirectory() throws {
        let group = "group.strata-test-\(UUID().uuidString)"
        let name = "trips-\(UUID().uuidString)"
        // Beside the programs' own directories: every program naming the group shares it.
        let directory = try ModelConfiguration.defaultStoreURL(name: name).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("groups").appendingPathComponent(group)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ModelConfiguration(name, groupContainer: .identifier(group))
        #expect(configuration.url == directory.appendingPathComponent("\(name).store"))

        let context = ModelContext(try ModelContainer(for: Trip.self, configurations: configuration))
        context.insert(Trip(name: "Lisbon", start: epoch))
        try context.save()
        #expect(FileManager.default.fileExists(atPath: configuration.url.path))
        let reopened = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(name, groupContainer: .identifier(group)))
        #expect(try ModelContext(reopened).fetch(FetchDescriptor<Trip>()).map(\.name) == ["Lisbon"])
    }

    @Test func automaticAndNoneUseTheDefaultDirectory() throws {
        let url = try ModelConfiguration.defaultStoreURL(name: "trips")
        #expect(ModelConfiguration("trips", groupContainer: .automatic).url == url)
        #expect(ModelConfiguration("trips", groupContainer: .none).url == url)
        #expect(ModelConfiguration("trips", groupContainer: .none).groupAppContainerIdentifier == nil)
    }

    @Test(arguments: ["", ".", "..", "../escape", "a/b"])
    func aGroupNameThatIsNotOneDirectoryIsRefused(_ group: String) {
        let configuration = ModelConfiguration("trips", groupContainer: .identifier(group))
        #expect(throws: SwiftDataError.unsupportedConfiguration) {
            _ = try ModelContainer(for: Trip.self, configurations: configuration)
        }
    }
}
