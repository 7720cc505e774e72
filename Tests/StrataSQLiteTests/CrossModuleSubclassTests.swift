import Foundation
import StrataConformance
import StrataCore
import StrataInMemory
import StrataSQLite
import Testing

/// A `@Model` subclass of `Transport`, an `open` model class of another module (StrataConformance).
@Model final class Bicycle: Transport {
    var gears: Int

    init(name: String, gears: Int) {
        self.gears = gears
        super.init(name: name)
    }
}

/// A `@Model` subclass of `Truck`, itself an `open` subclass in the other module.
@Model final class DumpTruck: Truck {
    var bedVolume: Double

    init(name: String, bedVolume: Double) {
        self.bedVolume = bedVolume
        super.init(name: name, wheels: 10)
    }
}

/// Subclasses declared in another module than their superclass (semantics rule 36) save, fetch
/// as their own class, and filter by class, on the SQLite store and the in-memory reference.
@Suite struct CrossModuleSubclassTests {
    static let configurations: [String: @Sendable () -> any DataStoreConfiguration] = [
        "sqlite": { SQLiteConfiguration(url: temporaryDatabase("cross-module")) },
        "in-memory": { InMemoryConfiguration(name: "cross-module-\(UUID().uuidString)") },
    ]

    @Test(arguments: ["sqlite", "in-memory"])
    func roundTrip(store: String) throws {
        let container = try ModelContainer(
            for: Schema([Transport.self, Truck.self, Bicycle.self, DumpTruck.self]), configurations: [Self.configurations[store]!()])
        let context = ModelContext(container)
        context.insert(Transport(name: "cart"))
        context.insert(Bicycle(name: "racer", gears: 21))
        context.insert(DumpTruck(name: "tipper", bedVolume: 12.5))
        try context.save()

        let reader = ModelContext(container)
        let all = try reader.fetch(FetchDescriptor<Transport>())
        #expect(all.map { "\(type(of: $0)):\($0.name)" } == ["Transport:cart", "Bicycle:racer", "DumpTruck:tipper"])
        let bicycle = try #require(all[1] as? Bicycle)
        #expect(bicycle.gears == 21)
        let dump = try #require(try reader.fetch(FetchDescriptor<Truck>()).first as? DumpTruck)
        #expect(dump.bedVolume == 12.5 && dump.wheels == 10)
        let geared = try reader.fetch(FetchDescriptor<Transport>(predicate: #Predicate { ($0 as? Bicycle)?.gears == 21 }))
        #expect(geared.map(\.name) == ["racer"])

        dump.bedVolume = 14
        try reader.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<DumpTruck>()).map(\.bedVolume) == [14])
    }
}
