import Foundation
import StrataCore

/// `.deny`: deleting a library that still has books fails the whole save and writes nothing.
extension DeleteRuleCases {
    static let deny: [ConformanceCase] = [denyFailsWholeSave, denyRetryAfterMovingBooks]

    static func isDeleteRuleViolation(_ error: any Error) -> Bool {
        (error as? SwiftDataError) == .deleteRuleViolation
    }

    /// The deny failure takes the save's inserts, updates and other deletes with it; the context keeps
    /// them, and a retry after deleting the books succeeds.
    static let denyFailsWholeSave = ConformanceCase("deleteRule.deny.failsWholeSave", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        try saveOwners(in: container)
        let context = ModelContext(container)
        let city = try one(context, #Predicate<Library> { $0.name == "city" })
        let bob = try one(context, #Predicate<Owner> { $0.name == "bob" })
        let max = try one(context, #Predicate<Pet> { $0.name == "max" })
        context.delete(city)
        context.delete(max)
        bob.age = 40
        let inserted = Row(tag: "new")
        context.insert(inserted)
        try Check.throwsError("deleting a library with books throws deleteRuleViolation", matching: isDeleteRuleViolation) {
            try context.save()
        }

        try Check.sameElements(try names(Library.self, container, \.name), ["city", "empty"], "no library deleted")
        try Check.sameElements(try names(Book.self, container, \.title), ["b1", "b2"], "no book deleted")
        try Check.sameElements(try names(Pet.self, container, \.name), ["rex", "tom", "max"], "the other delete is not written")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Row>()), 0, "the insert is not written")
        let storedBob = try one(ModelContext(container), #Predicate<Owner> { $0.name == "bob" })
        try Check.that(storedBob.age == nil, "the update is not written")

        try Check.that(context.hasChanges, "the context still has changes")
        try Check.that(context.insertedModelsArray.contains { $0 as? Row === inserted }, "the insert is still pending")
        try Check.that(context.changedModelsArray.contains { $0 as? Owner === bob }, "the update is still pending")
        try Check.that(context.deletedModelsArray.contains { $0 as? Library === city }, "the library delete is still pending")
        try Check.that(context.deletedModelsArray.contains { $0 as? Pet === max }, "the pet delete is still pending")
        try Check.that(inserted.persistentModelID.isTemporary, "the insert keeps its temporary identifier")
        try Check.equal(bob.age, 40, "the updated value is kept in the model")

        for book in city.books { context.delete(book) }
        try context.save()
        try Check.that(!context.hasChanges, "nothing pending after the retry")
        try Check.sameElements(try names(Library.self, container, \.name), ["empty"], "the library is deleted")
        try Check.equal(try names(Book.self, container, \.title), [], "its books are deleted")
        try Check.sameElements(try names(Pet.self, container, \.name), ["rex", "tom"], "the pet delete is written")
        try Check.equal(try names(Row.self, container, \.tag), ["new"], "the insert is written")
        try Check.equal(try one(ModelContext(container), #Predicate<Owner> { $0.name == "bob" }).age, 40, "the update is written")
        let reader = ModelContext(container)
        let notes = try reader.fetch(FetchDescriptor<Note>())
        try Check.that(notes.count == 3 && notes.allSatisfy { $0.book == nil }, "the notes stay, without book")
    }

    /// Moving the books to another library lets the deny-protected library be deleted.
    static let denyRetryAfterMovingBooks = ConformanceCase("deleteRule.deny.retryAfterMovingBooks", category: "deleteRule") { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        let context = ModelContext(container)
        let city = try one(context, #Predicate<Library> { $0.name == "city" })
        let empty = try one(context, #Predicate<Library> { $0.name == "empty" })
        context.delete(city)
        try Check.throwsError("deleting a library with books throws deleteRuleViolation", matching: isDeleteRuleViolation) {
            try context.save()
        }
        for book in city.books { book.library = empty }
        try Check.equal(city.books.count, 0, "city has no books after moving them")
        try context.save()
        try Check.sameElements(try names(Library.self, container, \.name), ["empty"], "the library is deleted")
        let reader = ModelContext(container)
        let stored = try one(reader, #Predicate<Library> { $0.name == "empty" })
        try Check.sameElements(stored.books.map(\.title), ["b1", "b2"], "the books moved to the other library")
    }
}
