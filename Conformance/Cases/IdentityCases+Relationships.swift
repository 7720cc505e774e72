import Foundation
import StrataCore

/// Relationships between models of one save, cycles, self-references and inverse maintenance.
extension IdentityCases {
    static let relationships: [ConformanceCase] = [
        parentAndChildren, twoNodeCycle, selfReference, inverseFromToOne, inverseFromToMany, movePetBetweenOwners, clearOwner,
    ]

    /// An owner and its pets inserted together are stored linked by permanent identifiers.
    static let parentAndChildren = ConformanceCase("identity.relationship.parentAndChildren", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let owner = Owner(name: "ann")
        context.insert(owner)
        let rex = Pet(name: "rex", owner: owner)
        let tom = Pet(name: "tom", owner: owner)
        context.insert(rex)
        context.insert(tom)
        try context.save()

        let reader = ModelContext(container)
        let owners = try reader.fetch(FetchDescriptor<Owner>())
        try Check.equal(owners.count, 1, "one owner")
        let stored = owners[0]
        try Check.that(!stored.persistentModelID.isTemporary, "the owner's identifier is permanent")
        try Check.equal(stored.persistentModelID, owner.persistentModelID, "the stored owner has the saved owner's identifier")
        try Check.sameElements(stored.pets.map(\.name), ["rex", "tom"], "owner.pets read from the store")
        try Check.that(stored.pets.allSatisfy { !$0.persistentModelID.isTemporary }, "the pets' identifiers are permanent")
        try Check.sameElements(stored.pets.map(\.persistentModelID), [rex.persistentModelID, tom.persistentModelID], "the pets are the saved pets")
        let pets = try reader.fetch(FetchDescriptor<Pet>())
        try Check.that(pets.allSatisfy { $0.owner === stored }, "each pet's owner is the owner object of the reading context")
    }

    /// `a.next = b`, `b.next = a`, inserted and saved together.
    static let twoNodeCycle = ConformanceCase("identity.relationship.cycle", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let a = Node(name: "a")
        let b = Node(name: "b")
        context.insert(a)
        context.insert(b)
        a.next = b
        b.next = a
        try context.save()
        try Check.that(a.next === b && b.next === a, "the saving context keeps the cycle")

        let reader = ModelContext(container)
        let nodes = try reader.fetch(FetchDescriptor<Node>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(nodes.map(\.name), ["a", "b"], "both nodes stored")
        try Check.that(nodes[0].next === nodes[1], "a.next is b in a new context")
        try Check.that(nodes[1].next === nodes[0], "b.next is a in a new context")
        try Check.equal(nodes[0].next?.persistentModelID, b.persistentModelID, "a.next has b's permanent identifier")
    }

    /// `a.next = a`, saved in a's first save.
    static let selfReference = ConformanceCase("identity.relationship.selfReference", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let a = Node(name: "a")
        context.insert(a)
        a.next = a
        try context.save()
        let reader = ModelContext(container)
        let nodes = try reader.fetch(FetchDescriptor<Node>())
        try Check.equal(nodes.count, 1, "one node")
        try Check.that(nodes[0].next === nodes[0], "the node refers to itself in a new context")
        try Check.equal(nodes[0].next?.persistentModelID, a.persistentModelID, "by its permanent identifier")
    }

    /// Setting `pet.owner` shows up in `owner.pets` before save, after save and in a new context.
    static let inverseFromToOne = ConformanceCase("identity.inverse.setToOne", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let owner = Owner(name: "ann")
        let pet = Pet(name: "rex")
        context.insert(owner)
        context.insert(pet)
        try context.save()
        pet.owner = owner
        try Check.equal(owner.pets.map(\.name), ["rex"], "owner.pets before save")
        try context.save()
        try Check.equal(owner.pets.map(\.name), ["rex"], "owner.pets after save")
        let reader = ModelContext(container)
        let stored = try reader.fetch(FetchDescriptor<Owner>())
        try Check.equal(stored.first?.pets.map(\.name), ["rex"], "owner.pets in a new context")
    }

    /// Appending to `owner.pets` sets `pet.owner`.
    static let inverseFromToMany = ConformanceCase("identity.inverse.appendToMany", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let owner = Owner(name: "ann")
        let pet = Pet(name: "rex")
        context.insert(owner)
        context.insert(pet)
        owner.pets.append(pet)
        try Check.that(pet.owner === owner, "pet.owner before save")
        try context.save()
        try Check.that(pet.owner === owner, "pet.owner after save")
        let reader = ModelContext(container)
        let pets = try reader.fetch(FetchDescriptor<Pet>())
        try Check.equal(pets.first?.owner?.name, "ann", "pet.owner in a new context")
    }

    /// Moving a pet to another owner removes it from the first owner's pets.
    static let movePetBetweenOwners = ConformanceCase("identity.inverse.movePet", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        let bob = Owner(name: "bob")
        let rex = Pet(name: "rex", owner: ann)
        let tom = Pet(name: "tom", owner: ann)
        context.insert(ann)
        context.insert(bob)
        context.insert(rex)
        context.insert(tom)
        try context.save()
        rex.owner = bob
        try Check.equal(ann.pets.map(\.name), ["tom"], "ann.pets before save")
        try Check.equal(bob.pets.map(\.name), ["rex"], "bob.pets before save")
        try context.save()
        try Check.equal(ann.pets.map(\.name), ["tom"], "ann.pets after save")
        try Check.equal(bob.pets.map(\.name), ["rex"], "bob.pets after save")
        let reader = ModelContext(container)
        let owners = try reader.fetch(FetchDescriptor<Owner>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(owners.map(\.name), ["ann", "bob"], "both owners")
        try Check.equal(owners[0].pets.map(\.name), ["tom"], "ann.pets in a new context")
        try Check.equal(owners[1].pets.map(\.name), ["rex"], "bob.pets in a new context")
    }

    /// Setting `pet.owner = nil` removes the pet from its owner's pets, in the store too.
    static let clearOwner = ConformanceCase("identity.inverse.clearToOne", category: "identity") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        let rex = Pet(name: "rex", owner: ann)
        context.insert(ann)
        context.insert(rex)
        try context.save()
        rex.owner = nil
        try Check.equal(ann.pets.count, 0, "ann.pets before save")
        try context.save()
        let reader = ModelContext(container)
        try Check.equal(try reader.fetch(FetchDescriptor<Owner>()).first?.pets.count, 0, "ann.pets in a new context")
        try Check.that(try reader.fetch(FetchDescriptor<Pet>()).first?.owner == nil, "rex.owner in a new context")
    }
}
