import Foundation
import StrataCore

/// Delete rules (`.cascade`, `.nullify`, `.deny`) applied by `save()`, checked in the store through a new context.
enum DeleteRuleCases {
    static let all: [ConformanceCase] = [
        cascadeDeletesPets, cascadeInSavingContext, cascadeSparesMovedPet, nullifyKeepsNotes, nullifyRemovesPetFromOwner, nullifyRemovesBookFromLibrary,
        emptyLibraryDeletes, cascadeOneToOne,
    ] + DeleteRuleCases.deny + DeleteRuleCases.batch + DeleteRuleCases.batchEquivalence + DeleteRuleCases.cascadeOrder

    /// Saves two owners: ann with rex and tom, bob with max.
    static func saveOwners(in container: ModelContainer) throws {
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        let bob = Owner(name: "bob")
        context.insert(ann)
        context.insert(bob)
        context.insert(Pet(name: "rex", owner: ann))
        context.insert(Pet(name: "tom", owner: ann))
        context.insert(Pet(name: "max", owner: bob))
        try context.save()
    }

    /// Saves library "city" with books "b1" (notes n1, n2) and "b2" (note n3), and library "empty".
    static func saveLibraries(in container: ModelContainer) throws {
        let context = ModelContext(container)
        let city = Library(name: "city")
        context.insert(city)
        context.insert(Library(name: "empty"))
        let b1 = Book(title: "b1", library: city)
        let b2 = Book(title: "b2", library: city)
        context.insert(b1)
        context.insert(b2)
        context.insert(Note(text: "n1", book: b1))
        context.insert(Note(text: "n2", book: b1))
        context.insert(Note(text: "n3", book: b2))
        try context.save()
    }

    static func names<T: PersistentModel>(_ type: T.Type, _ container: ModelContainer, _ name: @escaping (T) -> String) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<T>()).map(name)
    }

    static func one<T: PersistentModel>(_ context: ModelContext, _ predicate: Predicate<T>) throws -> T {
        let models = try context.fetch(FetchDescriptor<T>(predicate: predicate))
        guard models.count == 1 else { throw ConformanceFailure(message: "exactly one \(T.self) matches", expected: "1", actual: "\(models.count)") }
        return models[0]
    }

    /// Deleting an owner deletes its pets in the store; other owners' pets stay.
    static let cascadeDeletesPets = ConformanceCase("deleteRule.cascade.deletesPets", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        let context = ModelContext(container)
        context.delete(try one(context, #Predicate<Owner> { $0.name == "ann" }))
        try context.save()
        try Check.sameElements(try names(Owner.self, container, \.name), ["bob"], "owners in a new context")
        try Check.sameElements(try names(Pet.self, container, \.name), ["max"], "pets in a new context")
    }

    /// The saving context mirrors the cascade: the loaded pets are deleted and no longer fetched.
    static let cascadeInSavingContext = ConformanceCase("deleteRule.cascade.savingContextMirrors", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        let context = ModelContext(container)
        let ann = try one(context, #Predicate<Owner> { $0.name == "ann" })
        let pets = ann.pets
        try Check.equal(pets.count, 2, "ann has two pets")
        context.delete(ann)
        try context.save()
        try Check.that(pets.allSatisfy(\.isDeleted), "the cascaded pets are marked deleted")
        try Check.sameElements(try context.fetch(FetchDescriptor<Pet>()).map(\.name), ["max"], "the saving context fetches only max")
    }

    /// A pet moved to another owner in the same save as its old owner's deletion is not cascaded.
    static let cascadeSparesMovedPet = ConformanceCase("deleteRule.cascade.sparesPetMovedInSameSave", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        let context = ModelContext(container)
        let ann = try one(context, #Predicate<Owner> { $0.name == "ann" })
        let bob = try one(context, #Predicate<Owner> { $0.name == "bob" })
        try one(context, #Predicate<Pet> { $0.name == "rex" }).owner = bob
        context.delete(ann)
        try context.save()
        let reader = ModelContext(container)
        try Check.sameElements(try reader.fetch(FetchDescriptor<Pet>()).map(\.name), ["rex", "max"], "rex survives, tom is cascaded")
        try Check.sameElements(try one(reader, #Predicate<Owner> { $0.name == "bob" }).pets.map(\.name), ["rex", "max"], "bob.pets in a new context")
    }

    /// Deleting a book leaves its notes, with `book == nil`.
    static let nullifyKeepsNotes = ConformanceCase("deleteRule.nullify.bookLeavesNotes", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        let context = ModelContext(container)
        context.delete(try one(context, #Predicate<Book> { $0.title == "b1" }))
        try context.save()
        let reader = ModelContext(container)
        let notes = try reader.fetch(FetchDescriptor<Note>())
        try Check.sameElements(notes.map(\.text), ["n1", "n2", "n3"], "every note is kept")
        try Check.sameElements(notes.filter { $0.book == nil }.map(\.text), ["n1", "n2"], "the deleted book's notes have no book")
        try Check.equal(notes.first { $0.text == "n3" }?.book?.title, "b2", "the other book's note is untouched")
        let unset = try ModelContext(container).fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.book == nil }))
        try Check.sameElements(unset.map(\.text), ["n1", "n2"], "a predicate on book == nil finds them")
    }

    /// Deleting a pet removes it from its owner's pets, in the saving context and in the store.
    static let nullifyRemovesPetFromOwner = ConformanceCase("deleteRule.nullify.petLeavesOwner", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        let context = ModelContext(container)
        let ann = try one(context, #Predicate<Owner> { $0.name == "ann" })
        context.delete(try one(context, #Predicate<Pet> { $0.name == "rex" }))
        try context.save()
        try Check.equal(ann.pets.map(\.name), ["tom"], "ann.pets in the saving context")
        let reader = ModelContext(container)
        let stored = try one(reader, #Predicate<Owner> { $0.name == "ann" })
        try Check.equal(stored.pets.map(\.name), ["tom"], "ann.pets in a new context")
        try Check.sameElements(try names(Pet.self, container, \.name), ["tom", "max"], "pets in a new context")
    }

    /// Deleting a book removes it from its library's books.
    static let nullifyRemovesBookFromLibrary = ConformanceCase("deleteRule.nullify.bookLeavesLibrary", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        let context = ModelContext(container)
        context.delete(try one(context, #Predicate<Book> { $0.title == "b2" }))
        try context.save()
        let reader = ModelContext(container)
        let city = try one(reader, #Predicate<Library> { $0.name == "city" })
        try Check.equal(city.books.map(\.title), ["b1"], "city.books in a new context")
    }

    /// `.deny` does not stop deleting a library without books.
    static let emptyLibraryDeletes = ConformanceCase("deleteRule.deny.emptyLibraryDeletes", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        let context = ModelContext(container)
        context.delete(try one(context, #Predicate<Library> { $0.name == "empty" }))
        try context.save()
        try Check.sameElements(try names(Library.self, container, \.name), ["city"], "libraries in a new context")
    }
}
