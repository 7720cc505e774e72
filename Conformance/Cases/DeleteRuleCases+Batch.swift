import Foundation
import StrataCore

/// `ModelContext.delete(model:where:)`, with and without a predicate, following the same delete rules.
extension DeleteRuleCases {
    static let batch: [ConformanceCase] = [batchWithPredicate, batchWithoutPredicate, batchCascade, batchNullify, batchDeny, batchMirrorsContext]

    /// Only the rows matching the predicate go.
    static let batchWithPredicate = ConformanceCase("deleteRule.batch.predicate", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a", int: 1), Row(tag: "b", int: 2), Row(tag: "c", int: 3), Row(tag: "d", int: 4)], in: container)
        try ModelContext(container).delete(model: Row.self, where: #Predicate { $0.int >= 3 })
        try Check.sameElements(try names(Row.self, container, \.tag), ["a", "b"], "rows in a new context")
    }

    /// A nil predicate deletes every row of the entity and nothing else.
    static let batchWithoutPredicate = ConformanceCase("deleteRule.batch.nilPredicate", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows([Row(tag: "a"), Row(tag: "b")], in: container)
        let other = ModelContext(container)
        other.insert(Account(email: "x@example.com", balance: 1))
        try other.save()
        try ModelContext(container).delete(model: Row.self, where: nil)
        try Check.equal(try names(Row.self, container, \.tag), [], "no rows left")
        try Check.equal(try names(Account.self, container, \.email), ["x@example.com"], "other entities untouched")
    }

    /// Batch-deleting an owner cascades to its pets.
    static let batchCascade = ConformanceCase("deleteRule.batch.cascade", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        try ModelContext(container).delete(model: Owner.self, where: #Predicate { $0.name == "ann" })
        try Check.sameElements(try names(Owner.self, container, \.name), ["bob"], "owners in a new context")
        try Check.sameElements(try names(Pet.self, container, \.name), ["max"], "pets in a new context")
    }

    /// Batch-deleting books nullifies their notes' references.
    static let batchNullify = ConformanceCase("deleteRule.batch.nullify", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        try ModelContext(container).delete(model: Book.self, where: #Predicate { $0.title == "b1" })
        let reader = ModelContext(container)
        let notes = try reader.fetch(FetchDescriptor<Note>())
        try Check.sameElements(notes.map(\.text), ["n1", "n2", "n3"], "notes kept")
        try Check.sameElements(notes.filter { $0.book == nil }.map(\.text), ["n1", "n2"], "b1's notes lost their book")
        let city = try one(reader, #Predicate<Library> { $0.name == "city" })
        try Check.equal(city.books.map(\.title), ["b2"], "city.books without b1")
    }

    /// Batch-deleting every library fails on the one with books and deletes none, the empty one included.
    static let batchDeny = ConformanceCase("deleteRule.batch.deny", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try saveLibraries(in: container)
        try Check.throwsError("batch-deleting a library with books throws deleteRuleViolation", matching: isDeleteRuleViolation) {
            try ModelContext(container).delete(model: Library.self)
        }
        try Check.sameElements(try names(Library.self, container, \.name), ["city", "empty"], "no library deleted")
        try Check.sameElements(try names(Book.self, container, \.title), ["b1", "b2"], "no book deleted")
    }

    /// Models the context holds that a batch delete removed are no longer fetched there.
    static let batchMirrorsContext = ConformanceCase("deleteRule.batch.contextMirrors", category: "deleteRule", requires: [.batchDelete]) { environment in
        let container = try environment.makeContainer()
        try saveOwners(in: container)
        let context = ModelContext(container)
        let owners = try context.fetch(FetchDescriptor<Owner>())
        let pets = try context.fetch(FetchDescriptor<Pet>())
        try Check.equal(owners.count + pets.count, 5, "all loaded")
        try context.delete(model: Owner.self, where: #Predicate { $0.name == "ann" })
        try Check.sameElements(try context.fetch(FetchDescriptor<Owner>()).map(\.name), ["bob"], "owners in the same context")
        try Check.sameElements(try context.fetch(FetchDescriptor<Pet>()).map(\.name), ["max"], "pets in the same context")
        try Check.sameElements(pets.filter(\.isDeleted).map(\.name), ["rex", "tom"], "the cascaded pets are marked deleted")
    }
}
