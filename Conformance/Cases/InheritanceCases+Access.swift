import StrataCore

/// Async access and key lookups over a class hierarchy.
extension InheritanceCases {
    static let accessCases: [ConformanceCase] = [keyLookupAcrossHierarchy, asyncAcrossHierarchy]

    /// A fetch of the root by a subclass model's identifier returns that model, of its own class;
    /// a fetch of a sibling class by it returns nothing.
    static let keyLookupAcrossHierarchy = ConformanceCase("inheritance.keyLookupAcrossHierarchy", category: category) { environment in
        let container = try seeded(environment)
        let context = ModelContext(container)
        let tower = try Check.unwrap(try context.fetch(FetchDescriptor<TowTruck>()).first, "the tow truck")
        let id = tower.persistentModelID
        let reader = ModelContext(container)
        var byRoot = FetchDescriptor<Transport>(predicate: #Predicate { $0.persistentModelID == id })
        byRoot.fetchLimit = 1
        try Check.equal(described(try reader.fetch(byRoot)), ["TowTruck:tower"], "the root's fetch by the tow truck's identifier")
        try Check.equal(described(try reader.fetch(FetchDescriptor<Truck>(predicate: #Predicate { $0.persistentModelID == id }))), ["TowTruck:tower"], "its superclass's")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Scooter>(predicate: #Predicate { $0.persistentModelID == id })), 0, "a sibling class's finds nothing")
        try Check.that((reader.model(for: id) as? TowTruck)?.towingCapacity == 3.5, "model(for:) reads it as its own class")
        let ids = [id]
        try Check.equal(described(try reader.fetch(FetchDescriptor<Transport>(predicate: #Predicate { ids.contains($0.persistentModelID) }))), ["TowTruck:tower"], "a list of identifiers")

        let depot = Depot(name: "yard")
        context.insert(depot)
        depot.flagship = tower
        try context.save()
        let depots = try ModelContext(container).fetch(FetchDescriptor<Depot>(predicate: #Predicate { $0.flagship?.persistentModelID == id }))
        try Check.equal(depots.map(\.name), ["yard"], "a relationship to the root compared with the tow truck's identifier")
    }

    /// The async forms fetch, count, save and batch delete over the hierarchy as the sync ones do.
    static let asyncAcrossHierarchy = ConformanceCase("inheritance.asyncAcrossHierarchy", category: category) { environment in
        let container = try seeded(environment)
        let result = try environment.awaitResult { () async throws -> [String] in
            let context = ModelContext(container)
            let all = try await context.async.fetch(FetchDescriptor<Transport>())
            let trucks = try await context.async.fetchCount(FetchDescriptor<Truck>())
            (all[1] as? Truck)?.wheels = 10
            context.insert(TowTruck(name: "winch", wheels: 6, towingCapacity: 1))
            try await context.async.save()
            try await context.async.delete(model: Transport.self, where: #Predicate { $0.name == "zip" })
            let after = try await ModelContext(container).async.fetch(FetchDescriptor<Truck>(sortBy: [SortDescriptor(\.name)]))
            return ["\(all.count) \(trucks)"] + after.map { "\(type(of: $0)):\($0.name):\($0.wheels)" }
        }
        try Check.equal(result, ["5 3", "Truck:hauler:10", "TowTruck:tower:4", "Truck:van:4", "TowTruck:winch:6"], "fetch, count, save and the later fetch")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Scooter>()), 0, "the async batch delete through the root")
    }
}
