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
}
