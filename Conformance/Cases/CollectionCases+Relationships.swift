import StrataCore

/// Optional chaining through to-one, `contains(where:)`/`isEmpty`/`count` on to-many, and `persistentModelID`.
extension CollectionCases {
    /// Owners ann (30; rex, fido), bob (no age; tom) and cat (12; no pets), and the stray pet
    /// with no owner. Returns every model by name.
    static func petGraph(_ context: ModelContext) -> [String: any PersistentModel] {
        let ann = Owner(name: "ann", age: 30), bob = Owner(name: "bob"), cat = Owner(name: "cat", age: 12)
        let owners = [ann, bob, cat]
        for owner in owners { context.insert(owner) }
        let pets = [Pet(name: "rex", owner: ann), Pet(name: "fido", owner: ann), Pet(name: "tom", owner: bob), Pet(name: "stray")]
        for pet in pets { context.insert(pet) }
        var byName: [String: any PersistentModel] = [:]
        for owner in owners { byName[owner.name] = owner }
        for pet in pets { byName[pet.name] = pet }
        return byName
    }

    /// The rows of ``NullSafetyCases/rows()`` by tag.
    static func rowGraph(_ context: ModelContext) -> [String: any PersistentModel] {
        var byTag: [String: any PersistentModel] = [:]
        for row in NullSafetyCases.rows() {
            context.insert(row)
            byTag[row.tag] = row
        }
        return byTag
    }

    /// Saves `seed`'s models, builds the predicate from their saved identifiers, and checks
    /// that a fresh context's fetch returns exactly `expected` (by `name`), with `fetchCount`
    /// and `fetchIdentifiers` agreeing.
    static func graphCase<T: PersistentModel>(
        _ id: String, seed: @escaping @Sendable (ModelContext) -> [String: any PersistentModel], name: @escaping @Sendable (T) -> String,
        predicate: @escaping @Sendable (_ ids: [String: PersistentIdentifier]) -> Predicate<T>, expected: [String],
        inStore: Bool = false
    ) -> ConformanceCase {
        ConformanceCase(id, category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            let models = seed(seeding)
            try seeding.save()
            let descriptor = FetchDescriptor<T>(predicate: predicate(models.mapValues(\.persistentModelID)))
            let context = ModelContext(container)
            let fetched = try context.fetch(descriptor)
            try Check.sameElements(fetched.map(name), expected, "models matching the predicate")
            try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
            try Check.sameElements(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch")
            if inStore {
                let explanation = try context.explain(descriptor)
                try Check.that(!explanation.fallsBack, "the store evaluates the predicate, none of it in memory: \(explanation)")
            }
        }
    }

    static func petCase(_ detail: String, _ predicate: Predicate<Pet>, _ expected: [String]) -> ConformanceCase {
        graphCase("\(category).toOne.\(detail)", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { _ in predicate }, expected: expected)
    }

    static func ownerCase(_ detail: String, _ predicate: Predicate<Owner>, _ expected: [String]) -> ConformanceCase {
        graphCase("\(category).toMany.\(detail)", seed: petGraph, name: { (owner: Owner) in owner.name }, predicate: { _ in predicate }, expected: expected)
    }

    /// `$0.owner?.x`: a nil owner makes `==` false and `!=` true.
    static func toOneCases() -> [ConformanceCase] {
        [
            petCase("nameEquals", #Predicate<Pet> { $0.owner?.name == "ann" }, ["rex", "fido"]),
            petCase("nameNotEqualsKeepsNilOwner", #Predicate<Pet> { $0.owner?.name != "ann" }, ["tom", "stray"]),
            petCase("notNameEquals", #Predicate<Pet> { !($0.owner?.name == "ann") }, ["tom", "stray"]),
            petCase("nameIsNil", #Predicate<Pet> { $0.owner?.name == nil }, ["stray"]),
            petCase("ownerIsNil", #Predicate<Pet> { $0.owner == nil }, ["stray"]),
            petCase("ownerIsNotNil", #Predicate<Pet> { $0.owner != nil }, ["rex", "fido", "tom"]),
            petCase("ageIsNilThroughEitherNil", #Predicate<Pet> { $0.owner?.age == nil }, ["tom", "stray"]),
            petCase("ageNotEqualsKeepsBothNils", #Predicate<Pet> { $0.owner?.age != 30 }, ["tom", "stray"]),
            petCase("ageCoalesced", #Predicate<Pet> { ($0.owner?.age ?? 0) > 18 }, ["rex", "fido"]),
            petCase("ownerNameAndPetName", #Predicate<Pet> { $0.owner?.name == "ann" && $0.name.starts(with: "f") }, ["fido"]),
        ]
    }

    /// `contains(where:)`, `allSatisfy`, `isEmpty` and `count` on `Owner.pets`.
    static func toManyCases() -> [ConformanceCase] {
        [
            ownerCase("containsWhere", #Predicate<Owner> { owner in owner.pets.contains { pet in pet.name == "tom" } }, ["bob"]),
            ownerCase("containsWhereNoMatch", #Predicate<Owner> { owner in owner.pets.contains { pet in pet.name == "x" } }, []),
            ownerCase("notContainsWhere", #Predicate<Owner> { owner in !owner.pets.contains { pet in pet.name == "tom" } }, ["ann", "cat"]),
            ownerCase("allSatisfyIsTrueWhenEmpty", #Predicate<Owner> { owner in owner.pets.allSatisfy { pet in pet.name.starts(with: "r") } }, ["cat"]),
            ownerCase("isEmpty", #Predicate<Owner> { $0.pets.isEmpty }, ["cat"]),
            ownerCase("notIsEmpty", #Predicate<Owner> { !$0.pets.isEmpty }, ["ann", "bob"]),
            ownerCase("countGreaterThanOne", #Predicate<Owner> { $0.pets.count > 1 }, ["ann"]),
            ownerCase("countZero", #Predicate<Owner> { $0.pets.count == 0 }, ["cat"]),
            ownerCase("nilAgeAndPets", #Predicate<Owner> { $0.age == nil && !$0.pets.isEmpty }, ["bob"]),
        ]
    }

    /// `persistentModelID` against saved identifiers, directly and through a to-one relationship.
    static func identifierCases() -> [ConformanceCase] {
        let tag: @Sendable (Row) -> String = { $0.tag }
        return [
            graphCase("\(category).identifier.equals", seed: rowGraph, name: tag, predicate: { ids in
                let three = ids["three"]!
                return #Predicate<Row> { $0.persistentModelID == three }
            }, expected: ["three"], inStore: true),
            graphCase("\(category).identifier.notEquals", seed: rowGraph, name: tag, predicate: { ids in
                let three = ids["three"]!
                return #Predicate<Row> { $0.persistentModelID != three }
            }, expected: ["nil", "five", "minus", "flagnil"]),
            graphCase("\(category).identifier.inList", seed: rowGraph, name: tag, predicate: { ids in
                let chosen = [ids["three"]!, ids["minus"]!]
                return #Predicate<Row> { chosen.contains($0.persistentModelID) }
            }, expected: ["three", "minus"]),
            graphCase("\(category).identifier.notInList", seed: rowGraph, name: tag, predicate: { ids in
                let chosen = [ids["three"]!, ids["minus"]!]
                return #Predicate<Row> { !chosen.contains($0.persistentModelID) }
            }, expected: ["nil", "five", "flagnil"]),
            graphCase("\(category).identifier.throughToOne", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let ann = ids["ann"]!
                return #Predicate<Pet> { $0.owner?.persistentModelID == ann }
            }, expected: ["rex", "fido"], inStore: true),
            graphCase("\(category).identifier.notThroughToOneKeepsNilOwner", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let ann = ids["ann"]!
                return #Predicate<Pet> { $0.owner?.persistentModelID != ann }
            }, expected: ["tom", "stray"]),
            graphCase("\(category).identifier.throughToOneCapturedOptional", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let ann: PersistentIdentifier? = ids["ann"]
                return #Predicate<Pet> { $0.owner?.persistentModelID == ann }
            }, expected: ["rex", "fido"], inStore: true),
            graphCase("\(category).identifier.notThroughToOneCapturedOptional", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let ann: PersistentIdentifier? = ids["ann"]
                return #Predicate<Pet> { $0.owner?.persistentModelID != ann }
            }, expected: ["tom", "stray"], inStore: true),
            graphCase("\(category).identifier.throughToOneCapturedNilMatchesNilOwner", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { _ in
                let none: PersistentIdentifier? = nil
                return #Predicate<Pet> { $0.owner?.persistentModelID == none }
            }, expected: ["stray"], inStore: true),
            graphCase("\(category).identifier.capturedOptionalNilOrEquals", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let ann: PersistentIdentifier? = ids["ann"]
                return #Predicate<Pet> { ann == nil || $0.owner?.persistentModelID == ann }
            }, expected: ["rex", "fido"], inStore: true),
            graphCase("\(category).identifier.capturedNilOrEqualsMatchesAll", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { _ in
                let none: PersistentIdentifier? = nil
                return #Predicate<Pet> { none == nil || $0.owner?.persistentModelID == none }
            }, expected: ["rex", "fido", "tom", "stray"], inStore: true),
            graphCase("\(category).identifier.capturedOptionalUnwrapped", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let bob: PersistentIdentifier? = ids["bob"]
                return #Predicate<Pet> { bob != nil && $0.owner?.persistentModelID == bob! }
            }, expected: ["tom"], inStore: true),
            graphCase("\(category).identifier.capturedOptionalOnTheLeft", seed: petGraph, name: { (pet: Pet) in pet.name }, predicate: { ids in
                let bob: PersistentIdentifier? = ids["bob"]
                return #Predicate<Pet> { bob == $0.owner?.persistentModelID }
            }, expected: ["tom"], inStore: true),
        ]
    }
}
