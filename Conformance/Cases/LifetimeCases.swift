import StrataCore

/// Models used after their context was deallocated (semantics rule 30): nothing traps while the
/// container lives. Attributes read the last values the model had, and what a partial fetch left
/// out is read through the container's store, and so are the models a relationship names (as
/// the store has them, outside any context); values set are kept on the model alone.
enum LifetimeCases {
    static let category = "lifetime"
    static let all: [ConformanceCase] = [
        readsAfterContextGone, writesAfterContextGone, insertedAfterContextGone, partialFetchAfterContextGone, requiredToOneAfterContextGone,
    ]

    /// Owner "ann" (age 3) with pet "p1", fetched (and ann's pets read) in a context that is
    /// gone when this returns; the store is left as seeded.
    static func orphans(_ container: ModelContainer) throws -> (owner: Owner, pet: Pet) {
        let seed = ModelContext(container)
        let ann = Owner(name: "ann", age: 3)
        seed.insert(ann)
        seed.insert(Pet(name: "p1", owner: ann))
        try seed.save()
        let context = ModelContext(container)
        let owner = try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == "ann" })
        let pet = try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == "p1" })
        try Check.that(owner.pets.first === pet && pet.owner === owner, "the relationships read while the context lives")
        return (owner, pet)
    }

    static let readsAfterContextGone = ConformanceCase("\(category).contextGone.reads", category: category) { environment in
        let container = try environment.makeContainer(for: [Owner.self, Pet.self])
        let (owner, pet) = try orphans(container)
        let storedIdentifier = try DeleteRuleCases.one(ModelContext(container), #Predicate<Owner> { _ in true }).persistentModelID
        try Check.that(owner.modelContext == nil, "modelContext is nil")
        try Check.equal(owner.persistentModelID, storedIdentifier, "persistentModelID is the stored row's")
        try Check.that(!owner.hasChanges, "no changes")
        try Check.equal(owner.name, "ann", "an attribute reads its last value")
        try Check.equal(owner.age, 3, "an optional attribute reads its last value")
        try Check.equal(pet.name, "p1", "the pet's attribute too")
        let storedOwner = try Check.unwrap(pet.owner, "a to-one relationship reads the stored model, not nil")
        try Check.equal(storedOwner.name, "ann", "the stored owner's name")
        try Check.that(storedOwner.modelContext == nil, "the stored owner belongs to no context")
        try Check.equal(owner.pets.map(\.name), ["p1"], "a to-many relationship reads the stored models, not empty")
        try Check.equal(storedOwner.pets.map(\.name), ["p1"], "a model read so reads its own relationships through the container")
    }

    static let writesAfterContextGone = ConformanceCase("\(category).contextGone.writes", category: category) { environment in
        let container = try environment.makeContainer(for: [Owner.self, Pet.self])
        let (owner, pet) = try orphans(container)
        owner.name = "bob"
        owner.age = nil
        let stray = Pet(name: "stray")
        owner.pets = [stray]
        let other = Owner(name: "cid")
        pet.owner = other
        try Check.equal(owner.name, "bob", "a set attribute reads back")
        try Check.equal(owner.age, nil, "a set optional reads back")
        try Check.that(owner.pets.count == 1 && owner.pets[0] === stray, "a set to-many reads back")
        try Check.that(pet.owner === other, "a set to-one reads back")
        try Check.that(owner.modelContext == nil && !owner.hasChanges, "the model stays detached")
        try Check.sameElements(try DeleteRuleCases.names(Owner.self, container, \.name), ["ann"], "the store is unchanged")
        try Check.sameElements(try DeleteRuleCases.names(Pet.self, container, \.name), ["p1"], "no pet was written")
    }

    /// A model inserted and never saved before its context went away keeps its values too.
    static let insertedAfterContextGone = ConformanceCase("\(category).contextGone.unsavedInsert", category: category) { environment in
        let container = try environment.makeContainer(for: [Owner.self, Pet.self])
        let (owner, pet): (Owner, Pet) = {
            let context = ModelContext(container)
            let owner = Owner(name: "dee", age: 4)
            context.insert(owner)
            let pet = Pet(name: "p9", owner: owner)
            context.insert(pet)
            return (owner, pet)
        }()
        try Check.that(owner.persistentModelID.isTemporary, "the identifier stays temporary")
        try Check.equal(owner.name, "dee", "an attribute reads its last value")
        try Check.equal(pet.name, "p9", "so does the other model's")
        // Its relationships name models only that context held: reading them traps with the cause.
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Owner>()), 0, "nothing was written")
    }

    /// Attributes a partial fetch left out are read through the container's store once the
    /// context is gone: a non-optional one without a default (which has no value to fall back
    /// on) and an optional one (which must not read nil in place of its stored value).
    static let partialFetchAfterContextGone = ConformanceCase("\(category).contextGone.partialFetch", category: category) { environment in
        let container = try environment.makeContainer(for: [Owner.self, Pet.self])
        _ = try orphans(container)
        func partial(_ keyPath: PartialKeyPath<Owner>) throws -> Owner {
            var descriptor = FetchDescriptor<Owner>()
            descriptor.propertiesToFetch = [keyPath]
            return try Check.unwrap(try ModelContext(container).fetch(descriptor).first, "the owner")
        }
        let withoutName = try partial(\.age)
        try Check.that(withoutName.modelContext == nil, "the fetching context is gone")
        try Check.equal(withoutName.name, "ann", "a left-out non-optional attribute reads its stored value")
        let withoutAge = try partial(\.name)
        try Check.equal(withoutAge.age, 3, "a left-out optional attribute reads its stored value, not nil")
        try Check.equal(withoutAge.name, "ann", "and a fetched one its fetched value")
    }

    /// A to-one relationship that cannot be nil reads the model it names as the store has it,
    /// outside any context, once the context is gone.
    static let requiredToOneAfterContextGone = ConformanceCase("\(category).contextGone.requiredToOne", category: category) { environment in
        let container = try environment.makeContainer(for: [Wristband.self, Attendee.self])
        let seed = ModelContext(container)
        seed.insert(Wristband(code: "w1", wearer: Attendee(name: "ann")))
        try seed.save()
        let band = try Check.unwrap(try ModelContext(container).fetch(FetchDescriptor<Wristband>()).first, "the wristband")
        try Check.that(band.modelContext == nil, "the fetching context is gone")
        let wearer = band.wearer
        try Check.equal(wearer.name, "ann", "the required to-one reads the stored model")
        try Check.that(wearer.modelContext == nil, "which belongs to no context")
        try Check.equal(wearer.persistentModelID.entityName, "Attendee", "and names the stored row")
    }
}
