import StrataCore

extension InheritanceCases {
    static let relationshipCases: [ConformanceCase] = [relatedSubclasses, uniqueAcrossHierarchy, uniqueClashInOneSave, uniqueUpdateAcrossHierarchy]

    /// Whether `error` is the refusal of a unique value that a model of another class holds.
    static func isConstraintViolation(_ error: any Error) -> Bool {
        SwiftDataError.constraintViolation ~= error
    }

    /// A relationship to the root class holds models of its subclasses, each read back as its own class.
    static let relatedSubclasses = ConformanceCase("inheritance.relatedSubclasses", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        let depot = Depot(name: "north")
        context.insert(depot)
        let tow = TowTruck(name: "tower", wheels: 4, towingCapacity: 2)
        depot.fleet = [Transport(name: "cart"), tow, Scooter(name: "zip", isElectric: false)]
        depot.flagship = tow
        try context.save()

        let reader = ModelContext(container)
        let fetched = try Check.unwrap(try reader.fetch(FetchDescriptor<Depot>()).first, "the depot")
        try Check.equal(described(fetched.fleet).sorted(), ["Scooter:zip", "TowTruck:tower", "Transport:cart"], "the fleet, each of its own class")
        let flagship = try Check.unwrap(fetched.flagship as? TowTruck, "the flagship is the tow truck")
        try Check.equal(flagship.towingCapacity, 2, "with its own property")
        try Check.that(fetched.fleet.contains { $0 === flagship }, "the same object in the fleet and as the flagship")
        let trucks = try reader.fetch(FetchDescriptor<Truck>())
        try Check.that(trucks.first === flagship, "and the one a fetch of trucks returns")

        reader.delete(flagship)
        try reader.save()
        let later = ModelContext(container)
        let after = try Check.unwrap(try later.fetch(FetchDescriptor<Depot>()).first, "the depot after the delete")
        try Check.that(after.flagship == nil, "deleting the tow truck nullifies the flagship")
        try Check.equal(described(after.fleet).sorted(), ["Scooter:zip", "Transport:cart"], "and removes it from the fleet")
    }

    /// A unique attribute declared on the root holds across the hierarchy: a new model of the
    /// same class upserts, one of another class is refused and the save writes nothing.
    static let uniqueAcrossHierarchy = ConformanceCase("inheritance.uniqueAcrossHierarchy", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        context.insert(Truck(name: "first", wheels: 4, plate: "AB-1"))
        context.insert(Scooter(name: "free", isElectric: true))
        try context.save()

        let upserting = ModelContext(container)
        upserting.insert(Truck(name: "second", wheels: 6, plate: "AB-1"))
        try upserting.save()
        let trucks = try ModelContext(container).fetch(FetchDescriptor<Truck>())
        try Check.equal(trucks.map(\.name), ["second"], "a truck with the same plate updated the stored truck")
        try Check.equal(trucks.map(\.wheels), [6], "with its own properties")

        let colliding = ModelContext(container)
        colliding.insert(Transport(name: "other", plate: "AB-1"))
        try Check.throwsError("a transport with a truck's plate is refused", matching: isConstraintViolation) {
            try colliding.save()
        }
        try Check.equal(
            described(try ModelContext(container).fetch(FetchDescriptor<Transport>())), ["Truck:second", "Scooter:free"],
            "and nothing was written")
    }

    /// Within one save, two new models of one class with the same unique value leave the later
    /// one; two of different classes are refused, and the save writes nothing.
    static let uniqueClashInOneSave = ConformanceCase("inheritance.uniqueClashInOneSave", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        context.insert(Truck(name: "first", wheels: 4, plate: "CD-2"))
        context.insert(Truck(name: "second", wheels: 6, plate: "CD-2"))
        try context.save()
        try Check.equal(described(try ModelContext(container).fetch(FetchDescriptor<Transport>())), ["Truck:second"], "the later truck of one save wins")

        let colliding = ModelContext(container)
        colliding.insert(Truck(name: "third", wheels: 8, plate: "EF-3"))
        colliding.insert(Scooter(name: "zip", isElectric: true))
        colliding.insert(Transport(name: "cart", plate: "EF-3"))
        try Check.throwsError("a transport and a truck with one plate in one save are refused", matching: isConstraintViolation) {
            try colliding.save()
        }
        try Check.equal(described(try ModelContext(container).fetch(FetchDescriptor<Transport>())), ["Truck:second"], "and nothing was written")
        try Check.equal(colliding.insertedModelsArray.count, 3, "the inserts are still pending")
    }

    /// An update giving a model another class's model's unique value is refused, and the save
    /// writes nothing.
    static let uniqueUpdateAcrossHierarchy = ConformanceCase("inheritance.uniqueUpdateAcrossHierarchy", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let seed = ModelContext(container)
        seed.insert(Truck(name: "hauler", wheels: 6, plate: "GH-4"))
        seed.insert(Scooter(name: "zip", isElectric: true))
        try seed.save()

        let context = ModelContext(container)
        let zip = try Check.unwrap(try context.fetch(FetchDescriptor<Scooter>()).first, "the scooter")
        zip.plate = "GH-4"
        try Check.throwsError("a scooter taking the truck's plate is refused", matching: isConstraintViolation) {
            try context.save()
        }
        try Check.equal(try ModelContext(container).fetch(FetchDescriptor<Scooter>()).map(\.plate), [nil], "the scooter's plate is not written")
        try Check.that(context.hasChanges, "the change is still pending")
    }
}
