import StrataCore

/// The fetch options over a class hierarchy: partial fetches, prefetching, batches, sorting on
/// a subclass's own property and identifiers by class, each returning models of their own class.
extension InheritanceCases {
    static let fetchingCases: [ConformanceCase] = [
        partialFetchOfRoot, prefetchedSubclasses, batchedRootFetch, subclassPropertySortAndIdentifiers, castThroughRelationship,
        partialAndBatchedSubclassFetch,
    ]

    /// A partial fetch of the root returns each model as its own class; what it left out, the
    /// subclass's own properties included, loads on first read.
    static let partialFetchOfRoot = ConformanceCase("inheritance.partialFetchOfRoot", category: category) { environment in
        let context = ModelContext(try seeded(environment))
        var descriptor = FetchDescriptor<Transport>()
        descriptor.propertiesToFetch = [\.name]
        let all = try context.fetch(descriptor)
        try Check.equal(described(all), ["Transport:cart", "Truck:hauler", "TowTruck:tower", "Scooter:zip", "Truck:van"], "each model of its own class")
        let hauler = try Check.unwrap(all[1] as? Truck, "the hauler")
        try Check.equal(hauler.wheels, 6, "a subclass's own attribute loads")
        try Check.equal(hauler.cargo, "gravel", "and its optional one")
        try Check.equal((all[2] as? TowTruck)?.towingCapacity, 3.5, "a subclass of a subclass's own attribute")
    }

    /// Prefetching a relationship to the root loads its models as their own classes.
    static let prefetchedSubclasses = ConformanceCase("inheritance.prefetchedSubclasses", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        let depot = Depot(name: "south")
        context.insert(depot)
        depot.fleet = [Truck(name: "hauler", wheels: 6), Scooter(name: "zip", isElectric: true), Transport(name: "cart")]
        try context.save()

        var descriptor = FetchDescriptor<Depot>()
        descriptor.relationshipKeyPathsForPrefetching = [\.fleet]
        let reader = ModelContext(container)
        let fetched = try Check.unwrap(try reader.fetch(descriptor).first, "the depot")
        try Check.equal(described(fetched.fleet).sorted(), ["Scooter:zip", "Transport:cart", "Truck:hauler"], "the prefetched fleet")
        try Check.equal(fetched.fleet.compactMap { ($0 as? Truck)?.wheels }, [6], "with the subclass's own attribute")
    }

    /// A batched fetch of the root returns the models of every class, in order, batch by batch.
    static let batchedRootFetch = ConformanceCase("inheritance.batchedRootFetch", category: category) { environment in
        let context = ModelContext(try seeded(environment))
        let batches = try context.fetch(FetchDescriptor<Transport>(), batchSize: 2)
        try Check.equal(described(Array(batches)), ["Transport:cart", "Truck:hauler", "TowTruck:tower", "Scooter:zip", "Truck:van"], "every model, by batches of two")
        try Check.equal((batches[2] as? TowTruck)?.towingCapacity, 3.5, "a model of the second batch has its own attribute")
    }

    /// A subclass's own property sorts a fetch of that subclass; `fetchIdentifiers` of the root
    /// filtered by class names each model by its own entity.
    static let subclassPropertySortAndIdentifiers = ConformanceCase("inheritance.subclassPropertySortAndIdentifiers", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let byWheels = try context.fetch(FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.wheels, order: .reverse), SortDescriptor(\.name)]))
        try Check.equal(described(byWheels), ["Truck:hauler", "TowTruck:tower", "Truck:van"], "trucks by wheels, then name")
        let identifiers = try context.fetchIdentifiers(FetchDescriptor<Transport>(predicate: #Predicate { $0 is Truck }))
        try Check.equal(identifiers.map(\.entityName), ["Truck", "TowTruck", "Truck"], "identifiers name each model's own entity")
        try Check.equal(identifiers.map { (context.model(for: $0) as? Transport)?.name }, ["hauler", "tower", "van"], "and resolve to the models")
    }

    /// `is` and `as?` on a to-one relationship to the root select by the related model's class.
    static let castThroughRelationship = ConformanceCase("inheritance.castThroughRelationship", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        for (name, flagship) in [("north", Truck(name: "hauler", wheels: 6) as Transport), ("south", Scooter(name: "zip", isElectric: true)), ("east", Transport(name: "cart"))] {
            let depot = Depot(name: name)
            context.insert(depot)
            depot.flagship = flagship
        }
        context.insert(Depot(name: "west"))
        try context.save()

        let reader = ModelContext(container)
        func names(_ predicate: Predicate<Depot>) throws -> [String] {
            try reader.fetch(FetchDescriptor<Depot>(predicate: predicate)).map(\.name).sorted()
        }
        try Check.equal(try names(#Predicate { $0.flagship is Truck }), ["north"], "a flagship that is a truck")
        try Check.equal(try names(#Predicate { ($0.flagship as? Truck)?.wheels == 6 }), ["north"], "a truck flagship's own attribute")
        try Check.equal(try names(#Predicate { ($0.flagship as? Scooter)?.isElectric != true }), ["east", "north", "west"], "a failed cast or no flagship reads nil")
    }

    /// A partial fetch of a subclass naming only its own property, and batched fetches of a
    /// subclass (models and identifiers), keep to that subclass's models.
    static let partialAndBatchedSubclassFetch = ConformanceCase("inheritance.partialAndBatchedSubclassFetch", category: category) { environment in
        let context = ModelContext(try seeded(environment))
        var partial = FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.name)])
        partial.propertiesToFetch = [\.wheels]
        let trucks = try context.fetch(partial)
        try Check.equal(trucks.map(\.wheels), [6, 4, 4], "the fetched own property")
        try Check.equal(trucks.map(\.name), ["hauler", "tower", "van"], "the left-out inherited property loads")
        try Check.equal((trucks[1] as? TowTruck)?.towingCapacity, 3.5, "and a subclass of it its own")
        let batched = try context.fetch(FetchDescriptor<Truck>(), batchSize: 2)
        try Check.equal(described(Array(batched)), ["Truck:hauler", "TowTruck:tower", "Truck:van"], "batched trucks")
        let identifiers = try context.fetchIdentifiers(FetchDescriptor<Truck>(), batchSize: 2)
        try Check.equal(Array(identifiers).map(\.entityName), ["Truck", "TowTruck", "Truck"], "batched identifiers by their own entity")
    }
}
