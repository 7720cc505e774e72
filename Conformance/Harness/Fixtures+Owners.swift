import StrataCore

extension Fixtures {
    /// Saves owners `owner1`… (aged 1, 2, …), each with `pets` pets `pet<owner>.1`…, in one save.
    /// - Throws: what the save throws.
    public static func saveOwners(_ owners: Int, petsEach pets: Int, in container: ModelContainer) throws {
        let context = ModelContext(container)
        for index in 1...owners {
            let owner = Owner(name: "owner\(index)", age: index)
            context.insert(owner)
            for pet in 0..<pets { context.insert(Pet(name: "pet\(index).\(pet + 1)", owner: owner)) }
        }
        try context.save()
    }

    /// Saves one owner `owner1`, then `pets` pets `pet1.1`… of it from a context that fetched the
    /// owner: on a store that leaves to-many relationships unloaded, relating each pet costs the
    /// same however many the owner has (an owner inserted in the same context keeps its list
    /// loaded, and each pet added to it checks the whole list).
    /// - Throws: what the saves and the fetch throw.
    public static func saveOwner(withPets pets: Int, in container: ModelContainer) throws {
        let context = ModelContext(container)
        let owner = Owner(name: "owner1", age: 1)
        context.insert(owner)
        try context.save()
        let petContext = ModelContext(container)
        let identifier = owner.persistentModelID
        guard let fetched = try petContext.fetch(FetchDescriptor<Owner>(predicate: #Predicate { $0.persistentModelID == identifier })).first else {
            throw SwiftDataError.modelNotFound.with("the owner just saved is not in the store")
        }
        for pet in 0..<pets { petContext.insert(Pet(name: "pet1.\(pet + 1)", owner: fetched)) }
        try petContext.save()
    }
}
