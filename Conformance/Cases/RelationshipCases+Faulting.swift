import StrataCore

/// A to-many relationship that was not read yet (a store may leave it unloaded until then) and
/// is changed from the other side, cascaded, rolled back, or changed by another context: every
/// read afterwards sees exactly what an eagerly loaded list would hold.
extension RelationshipCases {
    static let faulting: [ConformanceCase] = [
        faultingCase("appendedFromTheToOneSide") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            context.insert(Pet(name: "c", owner: ann))
            try Check.sameElements(ann.pets.map(\.name), ["a", "b", "c"], "the unread list after a pet was given its owner")
            try context.save()
            try Check.sameElements(try storedPets(of: owner, in: container), ["a", "b", "c"], "the stored list")
        },
        faultingCase("appendedThenReadAfterTheSave") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            context.insert(Pet(name: "c", owner: ann))
            try context.save()
            try Check.sameElements(ann.pets.map(\.name), ["a", "b", "c"], "the list first read after the save")
        },
        faultingCase("removedFromTheToOneSide") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            let b = try Check.unwrap(try context.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.name == "b" })).first, "pet b")
            b.owner = nil
            try Check.sameElements(ann.pets.map(\.name), ["a"], "the unread list after a pet lost its owner")
            try context.save()
            try Check.sameElements(try storedPets(of: owner, in: container), ["a"], "the stored list")
        },
        faultingCase("movedBetweenTwoUnreadLists") { container, owner in
            let seeding = ModelContext(container)
            let bob = Owner(name: "bob")
            seeding.insert(bob)
            seeding.insert(Pet(name: "z", owner: bob))
            try seeding.save()
            let other = bob.persistentModelID
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context), bobAgain = try fetchOwner(other, in: context)
            let a = try Check.unwrap(try context.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.name == "a" })).first, "pet a")
            a.owner = bobAgain
            try Check.sameElements(ann.pets.map(\.name), ["b"], "the list the pet left")
            try Check.sameElements(bobAgain.pets.map(\.name), ["a", "z"], "the list the pet joined")
            try context.save()
            try Check.sameElements(try storedPets(of: owner, in: container), ["b"], "the stored list the pet left")
            try Check.sameElements(try storedPets(of: other, in: container), ["a", "z"], "the stored list the pet joined")
        },
        faultingCase("cascadedWhileUnread") { container, owner in
            let context = ModelContext(container)
            let a = try Check.unwrap(try context.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.name == "a" })).first, "pet a")
            let ann = try fetchOwner(owner, in: context)
            context.delete(ann)
            try context.save()
            try Check.that(a.isDeleted, "a registered pet the cascade reached is deleted in the context")
            try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Pet>()), 0, "pets left in the store")
        },
        faultingCase("appendRolledBack") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            context.insert(Pet(name: "c", owner: ann))
            context.rollback()
            try Check.sameElements(ann.pets.map(\.name), ["a", "b"], "the list after the rollback")
            try Check.that(!context.hasChanges, "nothing is pending after the rollback")
        },
        faultingCase("readAfterAnotherContextAppended") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            let other = ModelContext(container)
            other.insert(Pet(name: "c", owner: try fetchOwner(owner, in: other)))
            try other.save()
            try Check.sameElements(ann.pets.map(\.name), ["a", "b", "c"], "the unread list after another context appended")
        },
        faultingCase("readListSeesAnotherContextsAppend") { container, owner in
            let context = ModelContext(container)
            let ann = try fetchOwner(owner, in: context)
            try Check.sameElements(ann.pets.map(\.name), ["a", "b"], "the list before")
            let other = ModelContext(container)
            other.insert(Pet(name: "c", owner: try fetchOwner(owner, in: other)))
            try other.save()
            try Check.sameElements(ann.pets.map(\.name), ["a", "b", "c"], "the list read again after another context appended")
        },
        ConformanceCase("\(category).faulting.manyToManyAppendedFromTheOtherSide", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            let math = Course(title: "math"), ann = Student(name: "ann")
            seeding.insert(ann)
            ann.courses = [math]
            try seeding.save()
            let course = math.persistentModelID
            let context = ModelContext(container)
            let mathAgain = try Check.unwrap(context.registeredOrFetched(course) as Course?, "the course")
            let bob = Student(name: "bob")
            context.insert(bob)
            bob.courses = [mathAgain]
            try Check.sameElements(mathAgain.students.map(\.name), ["ann", "bob"], "the unread list after a student joined")
            try context.save()
            let fresh = ModelContext(container)
            let stored = try Check.unwrap(fresh.registeredOrFetched(course) as Course?, "the stored course")
            try Check.sameElements(stored.students.map(\.name), ["ann", "bob"], "the stored list")
            let annStored = try Check.unwrap(try fresh.fetch(FetchDescriptor<Student>(predicate: #Predicate { $0.name == "ann" })).first, "ann")
            try Check.sameElements(annStored.courses.map(\.title), ["math"], "the other student's list")
        },
    ]

    /// A case over a stored owner "ann" with pets "a" and "b"; `body` gets her identifier.
    private static func faultingCase(
        _ name: String, _ body: @escaping @Sendable (ModelContainer, PersistentIdentifier) throws -> Void
    ) -> ConformanceCase {
        ConformanceCase("\(category).faulting.\(name)", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            let ann = Owner(name: "ann")
            seeding.insert(ann)
            for name in ["a", "b"] { seeding.insert(Pet(name: name, owner: ann)) }
            try seeding.save()
            try body(container, ann.persistentModelID)
        }
    }

    /// The owner `identifier` names, fetched in `context` without reading its pets.
    private static func fetchOwner(_ identifier: PersistentIdentifier, in context: ModelContext) throws -> Owner {
        try Check.unwrap(context.registeredOrFetched(identifier), "the owner")
    }

    /// The names of the pets the store lists for the owner, read in a fresh context.
    private static func storedPets(of identifier: PersistentIdentifier, in container: ModelContainer) throws -> [String] {
        try fetchOwner(identifier, in: ModelContext(container)).pets.map(\.name)
    }
}

extension ModelContext {
    /// The model `identifier` names: registered, or fetched by identifier.
    fileprivate func registeredOrFetched<T: PersistentModel>(_ identifier: PersistentIdentifier) throws -> T? {
        if let registered: T = registeredModel(for: identifier) { return registered }
        return try fetch(FetchDescriptor<T>(predicate: #Predicate { $0.persistentModelID == identifier })).first
    }
}
