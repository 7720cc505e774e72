import StrataCore

/// The root of a model class hierarchy (`inheritance.*` cases): a transport, unique by plate.
/// Open, as `Truck` is, so tests in other modules subclass them (semantics rule 36).
@Model open class Transport {
    public var name: String
    @Attribute(.unique) public var plate: String?

    public init(name: String, plate: String? = nil) {
        self.name = name
        self.plate = plate
    }
}

/// A subclass with a property of its own.
@Model open class Truck: Transport {
    public var wheels: Int
    public var cargo: String?

    public init(name: String, wheels: Int, cargo: String? = nil, plate: String? = nil) {
        self.wheels = wheels
        self.cargo = cargo
        super.init(name: name, plate: plate)
    }
}

/// A subclass of a subclass: its slots follow `Truck`'s, which follow `Transport`'s.
@Model public final class TowTruck: Truck {
    public var towingCapacity: Double = 0

    public init(name: String, wheels: Int, towingCapacity: Double) {
        super.init(name: name, wheels: wheels)
        self.towingCapacity = towingCapacity
    }
}

/// A second subclass of the root, beside `Truck`.
@Model public final class Scooter: Transport {
    public var isElectric: Bool

    public init(name: String, isElectric: Bool) {
        self.isElectric = isElectric
        super.init(name: name)
    }
}

/// A model whose relationships point at the root class and so may hold any subclass.
@Model public final class Depot {
    public var name: String
    @Relationship(deleteRule: .nullify) public var fleet: [Transport] = []
    @Relationship(deleteRule: .nullify) public var flagship: Transport?

    public init(name: String) {
        self.name = name
    }
}

extension ConformanceModels {
    /// The `inheritance.*` cases' schema: a class hierarchy and a model relating to its root.
    public static var hierarchy: [any PersistentModel.Type] { [Transport.self, Truck.self, TowTruck.self, Scooter.self, Depot.self] }
}
