import StrataCore

/// One side of a one-to-many relationship whose delete rule cascades.
@Model public final class Owner {
    public var name: String
    public var age: Int?
    @Relationship(deleteRule: .cascade, inverse: \Pet.owner) public var pets: [Pet] = []

    public init(name: String, age: Int? = nil) {
        self.name = name
        self.age = age
    }
}

/// The to-one side of ``Owner/pets``; the owner may be nil.
@Model public final class Pet {
    public var name: String
    public var owner: Owner?

    public init(name: String, owner: Owner? = nil) {
        self.name = name
        self.owner = owner
    }
}
