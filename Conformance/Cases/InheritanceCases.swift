import Foundation
import StrataCore

/// Model inheritance (`@Model class Truck: Transport`): a subclass saves and fetches with its
/// own and its inherited properties, a fetch of a class returns its subclasses' models as
/// their own classes, and `is` / `as?` filter by class (semantics rule 36).
enum InheritanceCases {
    static let category = "inheritance"

    static let all: [ConformanceCase] = [
        roundTrip, baseFetchReturnsSubclasses, subclassFetch, inheritedPredicate, sortAcrossHierarchy,
        pendingSubclass, update, delete, deleteExcludingSubclasses, typeCheck, conditionalCast,
    ] + relationshipCases + ledgerCases + deleteRuleCases + fetchingCases + changeCases + accessCases

    /// A new context over a hierarchy container holding one model of each class, saved in this order.
    static func seeded(_ environment: ConformanceEnvironment) throws -> ModelContainer {
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        context.insert(Transport(name: "cart"))
        context.insert(Truck(name: "hauler", wheels: 6, cargo: "gravel"))
        context.insert(TowTruck(name: "tower", wheels: 4, towingCapacity: 3.5))
        context.insert(Scooter(name: "zip", isElectric: true))
        context.insert(Truck(name: "van", wheels: 4))
        try context.save()
        return container
    }

    /// Each fetched model as `Class:name`, in fetch order.
    static func described(_ models: [Transport]) -> [String] {
        models.map { "\(type(of: $0)):\($0.name)" }
    }

    /// A subclass model keeps its own and its inherited properties through a save and a fetch.
    static let roundTrip = ConformanceCase("inheritance.roundTrip", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let trucks = try context.fetch(FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(trucks.map(\.name), ["hauler", "tower", "van"], "inherited name")
        try Check.equal(trucks.map(\.wheels), [6, 4, 4], "own wheels")
        try Check.equal(trucks.map(\.cargo), ["gravel", nil, nil], "own optional cargo")
        let tow = try Check.unwrap(trucks[1] as? TowTruck, "the tower is a TowTruck")
        try Check.equal(tow.towingCapacity, 3.5, "a subclass of a subclass keeps its own property")
        let scooters = try context.fetch(FetchDescriptor<Scooter>())
        try Check.equal(scooters.map(\.name), ["zip"], "the scooter's inherited name")
        try Check.equal(scooters.map(\.isElectric), [true], "and its own property")
        try Check.equal(trucks[0].persistentModelID.entityName, "Truck", "a subclass model's identifier names its own entity")
        try Check.that(context.model(for: tow.persistentModelID) === tow, "model(for:) returns the fetched subclass model")
    }

    /// A fetch of the root returns every model of the hierarchy, in insertion order, each of its own class.
    static let baseFetchReturnsSubclasses = ConformanceCase("inheritance.baseFetchReturnsSubclasses", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let all = try context.fetch(FetchDescriptor<Transport>())
        try Check.equal(
            described(all), ["Transport:cart", "Truck:hauler", "TowTruck:tower", "Scooter:zip", "Truck:van"],
            "every model, as its own class, in insertion order")
        try Check.equal(try context.fetchCount(FetchDescriptor<Transport>()), 5, "fetchCount counts the subclasses' models")
        try Check.equal(
            try context.fetchIdentifiers(FetchDescriptor<Transport>()), all.map(\.persistentModelID),
            "fetchIdentifiers names each model by its own entity")
        var window = FetchDescriptor<Transport>()
        (window.fetchOffset, window.fetchLimit) = (1, 2)
        let limited = try context.fetch(window)
        try Check.equal(described(limited), ["Truck:hauler", "TowTruck:tower"], "a window applies across the hierarchy")
    }

    /// A fetch of a subclass returns its models and its subclasses', never its superclass's or siblings'.
    static let subclassFetch = ConformanceCase("inheritance.subclassFetch", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        try Check.equal(described(try context.fetch(FetchDescriptor<Truck>())), ["Truck:hauler", "TowTruck:tower", "Truck:van"], "trucks")
        try Check.equal(described(try context.fetch(FetchDescriptor<TowTruck>())), ["TowTruck:tower"], "tow trucks only")
        try Check.equal(described(try context.fetch(FetchDescriptor<Scooter>())), ["Scooter:zip"], "scooters only")
        try Check.equal(try context.fetchCount(FetchDescriptor<Truck>()), 3, "fetchCount of a subclass")
    }

    /// A predicate over an inherited property of a subclass, with one over its own.
    static let inheritedPredicate = ConformanceCase("inheritance.inheritedPredicate", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let byName = try context.fetch(FetchDescriptor<Truck>(predicate: #Predicate { $0.name != "van" && $0.wheels == 4 }))
        try Check.equal(described(byName), ["TowTruck:tower"], "inherited and own properties in one predicate")
        let nilCargo = try context.fetch(FetchDescriptor<Truck>(predicate: #Predicate { $0.cargo == nil }))
        try Check.equal(described(nilCargo), ["TowTruck:tower", "Truck:van"], "an own optional property compared with nil")
        let roots = try context.fetch(FetchDescriptor<Transport>(predicate: #Predicate { $0.name.starts(with: "t") || $0.name == "zip" }))
        try Check.equal(described(roots), ["TowTruck:tower", "Scooter:zip"], "a predicate on the root matches subclass models")
    }

    /// Sorting on a root property orders the whole hierarchy together.
    static let sortAcrossHierarchy = ConformanceCase("inheritance.sortAcrossHierarchy", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let sorted = try context.fetch(FetchDescriptor<Transport>(sortBy: [SortDescriptor(\.name, order: .reverse)]))
        try Check.equal(described(sorted), ["Scooter:zip", "Truck:van", "TowTruck:tower", "Truck:hauler", "Transport:cart"], "by name, descending")
        let trucks = try context.fetch(FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.wheels), SortDescriptor(\.name)]))
        try Check.equal(described(trucks), ["TowTruck:tower", "Truck:van", "Truck:hauler"], "by an own property, then an inherited one")
    }

    /// An unsaved subclass model appears in fetches of its classes, and not of others.
    static let pendingSubclass = ConformanceCase("inheritance.pendingSubclass", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        context.insert(TowTruck(name: "rescue", wheels: 8, towingCapacity: 9))
        let all = try context.fetch(FetchDescriptor<Transport>(predicate: #Predicate { $0.name.starts(with: "r") || $0.name == "cart" }))
        try Check.equal(described(all), ["Transport:cart", "TowTruck:rescue"], "the pending tow truck is a transport")
        try Check.equal(try context.fetchCount(FetchDescriptor<Truck>()), 4, "and a truck")
        try Check.equal(try context.fetchCount(FetchDescriptor<Scooter>()), 1, "but not a scooter")
        try context.save()
        try Check.equal(
            try ModelContext(container).fetch(FetchDescriptor<TowTruck>(sortBy: [SortDescriptor(\.name)])).map(\.towingCapacity), [9, 3.5],
            "saved with the property it set after super.init")
    }

    /// Changing inherited and own properties of a fetched subclass model saves both.
    static let update = ConformanceCase("inheritance.update", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let tow = try Check.unwrap(try context.fetch(FetchDescriptor<TowTruck>()).first, "the tow truck")
        tow.name = "towed"
        tow.wheels = 10
        tow.towingCapacity = 7
        try context.save()
        let fetched = try Check.unwrap(
            try ModelContext(container).fetch(FetchDescriptor<Transport>(predicate: #Predicate { $0.name == "towed" })).first as? TowTruck,
            "the renamed tow truck, fetched as a transport")
        try Check.equal([fetched.wheels], [10], "its wheels")
        try Check.equal(fetched.towingCapacity, 7, "its capacity")
    }

    /// Deleting a subclass model fetched through the root removes its row.
    static let delete = ConformanceCase("inheritance.delete", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        for model in try context.fetch(FetchDescriptor<Transport>()) where model is Truck { context.delete(model) }
        try context.save()
        let remaining = try ModelContext(container).fetch(FetchDescriptor<Transport>())
        try Check.equal(described(remaining), ["Transport:cart", "Scooter:zip"], "the trucks are gone")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<TowTruck>()), 0, "the tow truck too")
        try context.delete(model: Transport.self, where: #Predicate { $0.name == "zip" })
        try Check.equal(described(try ModelContext(container).fetch(FetchDescriptor<Transport>())), ["Transport:cart"], "delete(model:where:) through the root")
    }

    /// `delete(model:where:includeSubclasses: false)` deletes the class's own models only.
    static let deleteExcludingSubclasses = ConformanceCase("inheritance.deleteExcludingSubclasses", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        try context.delete(model: Truck.self, where: #Predicate { $0.wheels == 4 }, includeSubclasses: false)
        try Check.equal(
            described(try ModelContext(container).fetch(FetchDescriptor<Transport>())),
            ["Transport:cart", "Truck:hauler", "TowTruck:tower", "Scooter:zip"], "the four-wheeled truck only, not the tow truck")
        try context.delete(model: Transport.self, includeSubclasses: false)
        try Check.equal(
            described(try ModelContext(container).fetch(FetchDescriptor<Transport>())), ["Truck:hauler", "TowTruck:tower", "Scooter:zip"],
            "the root's own model only")
    }

    /// `$0 is Truck` on the root selects the trucks and their subclasses, in the store.
    static let typeCheck = ConformanceCase("inheritance.typeCheck", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let isTruck = FetchDescriptor<Transport>(predicate: #Predicate { $0 is Truck })
        try Check.equal(described(try context.fetch(isTruck)), ["Truck:hauler", "TowTruck:tower", "Truck:van"], "is Truck")
        try Check.that(!(try context.explain(isTruck).fallsBack), "the store evaluates `is`: \(try context.explain(isTruck))")
        let notTruck = FetchDescriptor<Transport>(predicate: #Predicate { !($0 is Truck) && $0.name != "cart" })
        try Check.equal(described(try context.fetch(notTruck)), ["Scooter:zip"], "!(is Truck)")
        try Check.equal(try context.fetchCount(FetchDescriptor<Transport>(predicate: #Predicate { $0 is TowTruck })), 1, "is TowTruck")
    }

    /// `($0 as? Truck)?.wheels == 4` on the root reads a subclass property, in the store.
    static let conditionalCast = ConformanceCase("inheritance.conditionalCast", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let fourWheels = FetchDescriptor<Transport>(predicate: #Predicate { ($0 as? Truck)?.wheels == 4 })
        try Check.equal(described(try context.fetch(fourWheels)), ["TowTruck:tower", "Truck:van"], "as? Truck, then a subclass property")
        try Check.that(!(try context.explain(fourWheels).fallsBack), "the store evaluates `as?`: \(try context.explain(fourWheels))")
        let notFour = FetchDescriptor<Transport>(predicate: #Predicate { ($0 as? Truck)?.wheels != 4 })
        try Check.equal(
            described(try context.fetch(notFour)), ["Transport:cart", "Truck:hauler", "Scooter:zip"],
            "a failed cast reads nil, and nil != 4")
    }
}
