import Foundation
import Strata
import Testing

/// Every initializer SwiftData declares, with its exact labels and defaults, and the properties
/// it sets.
@Suite struct ModelConfigurationInitializerTests {
    static let fileURL = URL(fileURLWithPath: "/tmp/strata-initializers/trips.sqlite")

    @Test func noArgumentsIsThePersistentDefault() throws {
        let configuration = ModelConfiguration()
        #expect(configuration.name == "default")
        #expect(configuration.url == (try ModelConfiguration.defaultStoreURL(name: "default")))
        #expect(configuration.id == configuration.url)
        #expect(!configuration.isStoredInMemoryOnly)
        #expect(configuration.allowsSave)
        #expect(configuration.schema == nil)
        #expect(configuration.groupContainer == .automatic)
        #expect(configuration.cloudKitDatabase == .automatic)
        #expect(configuration.groupAppContainerIdentifier == nil)
        #expect(configuration.cloudKitContainerIdentifier == nil)
    }

    @Test func isStoredInMemoryOnly() {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        #expect(configuration.isStoredInMemoryOnly)
        #expect(configuration.url == URL(fileURLWithPath: "/dev/null"))
        #expect(configuration.name == "default")
        #expect(configuration.allowsSave)
    }

    @Test func forTypes() {
        let one = ModelConfiguration(for: Trip.self)
        #expect(one.schema?.entities.map(\.name).sorted() == ["Stop", "Trip"])
        #expect(!one.isStoredInMemoryOnly)
        let two = ModelConfiguration(for: Trip.self, Stop.self, isStoredInMemoryOnly: true)
        #expect(two.schema?.entities.map(\.name).sorted() == ["Stop", "Trip"])
        #expect(two.isStoredInMemoryOnly)
    }

    @Test func everyArgumentOfTheNamedInitializer() {
        let schema = Schema([Trip.self])
        let configuration = ModelConfiguration(
            "trips", schema: schema, isStoredInMemoryOnly: false, allowsSave: false, groupContainer: .identifier("group.example.trips"),
            cloudKitDatabase: .none)
        #expect(configuration.name == "trips")
        #expect(configuration.schema === schema)
        #expect(!configuration.isStoredInMemoryOnly)
        #expect(!configuration.allowsSave)
        #expect(configuration.groupContainer == .identifier("group.example.trips"))
        #expect(configuration.groupAppContainerIdentifier == "group.example.trips")
        #expect(configuration.cloudKitDatabase == .none)
        #expect(configuration.cloudKitContainerIdentifier == nil)
        #expect(configuration.url.lastPathComponent == "trips.store")
    }

    @Test func namedInitializerDefaults() throws {
        let named = ModelConfiguration("trips")
        #expect(named.url == (try ModelConfiguration.defaultStoreURL(name: "trips")))
        #expect(named.allowsSave && !named.isStoredInMemoryOnly)
        #expect(named.groupContainer == .automatic && named.cloudKitDatabase == .automatic)
        #expect(ModelConfiguration(schema: Schema([Trip.self])).name == "default")
        #expect(ModelConfiguration(isStoredInMemoryOnly: true, allowsSave: false).allowsSave == false)
        #expect(ModelConfiguration(groupContainer: .none).url == ModelConfiguration().url)
        #expect(ModelConfiguration(cloudKitDatabase: .private("iCloud.example")).cloudKitContainerIdentifier == "iCloud.example")
    }

    @Test func everyArgumentOfTheURLInitializer() {
        let schema = Schema([Trip.self])
        let configuration = ModelConfiguration("trips", schema: schema, url: Self.fileURL, allowsSave: false, cloudKitDatabase: .none)
        #expect(configuration.name == "trips")
        #expect(configuration.schema === schema)
        #expect(configuration.url == Self.fileURL)
        #expect(configuration.id == Self.fileURL)
        #expect(!configuration.isStoredInMemoryOnly)
        #expect(!configuration.allowsSave)
        #expect(configuration.cloudKitDatabase == .none)
        #expect(configuration.groupAppContainerIdentifier == nil)

        let plain = ModelConfiguration(url: Self.fileURL)
        #expect(plain.name == "default" && plain.allowsSave && plain.cloudKitDatabase == .automatic)
    }

    @Test func equalityFollowsWhatTheConfigurationOpens() {
        #expect(ModelConfiguration(url: Self.fileURL) == ModelConfiguration(url: Self.fileURL))
        #expect(ModelConfiguration(url: Self.fileURL) != ModelConfiguration(url: Self.fileURL, allowsSave: false))
        #expect(ModelConfiguration("a") != ModelConfiguration("b"))
        #expect(ModelConfiguration() != ModelConfiguration(groupContainer: .identifier("group.example")))
        #expect(Set([ModelConfiguration(url: Self.fileURL), ModelConfiguration(url: Self.fileURL)]).count == 1)
    }

    @Test func debugDescriptionNamesEveryChoice() {
        let configuration = ModelConfiguration("trips", url: Self.fileURL, allowsSave: false, cloudKitDatabase: .none)
        #expect(String(reflecting: configuration)
            == "ModelConfiguration(name: \"trips\", url: /tmp/strata-initializers/trips.sqlite, isStoredInMemoryOnly: false, allowsSave: false, groupContainer: .none, cloudKitDatabase: .none)")
    }
}
