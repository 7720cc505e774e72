import StrataCore

/// Models used after their context was deallocated (semantics rule 28): nothing traps.
/// Attributes read the last values the model had; a relationship that names models reads nil
/// or an empty array, since nothing can load them; values set are kept on the model alone.
enum LifetimeCases {
    static let category = "lifetime"
    static let all: [ConformanceCase] = [readsAfterContextGone, writesAfterContextGone, insertedAfterContextGone]

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
        try Check.that(pet.owner == nil, "a to-one relationship reads nil")
        try Check.equal(owner.pets.count, 0, "a to-many relationship reads empty")
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
        try Check.that(pet.owner == nil && owner.pets.isEmpty, "relationships read nil and empty")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Owner>()), 0, "nothing was written")
    }
}
