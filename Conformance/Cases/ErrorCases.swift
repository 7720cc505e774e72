import Foundation
import StrataCore

/// The same typed `SwiftDataError` for the same fault on every backend, and an unchanged store after it.
enum ErrorCases {
    static let category = "error"

    static let all: [ConformanceCase] = notFoundCases + constraintCases + denyCases + misuseCases + lazyLoadCases + undecodableCases

    static func matches(_ expected: SwiftDataError) -> (any Error) -> Bool {
        { ($0 as? SwiftDataError) == expected }
    }

    static func rowInts(_ container: ModelContainer) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try ModelContext(container).fetch(FetchDescriptor<Row>()).map { ($0.tag, $0.int) })
    }

    /// A context updates a row that another context deleted and saved: `modelNotFound`, nothing written.
    static func notFound(_ detail: String, change: @escaping @Sendable (Row, ModelContext) -> Void) -> ConformanceCase {
        ConformanceCase("\(category).modelNotFound.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows([Row(tag: "gone", int: 1), Row(tag: "kept", int: 2)], in: container)
            let stale = ModelContext(container)
            let row = try DeleteRuleCases.one(stale, #Predicate<Row> { $0.tag == "gone" })
            let deleter = ModelContext(container)
            deleter.delete(try DeleteRuleCases.one(deleter, #Predicate<Row> { $0.tag == "gone" }))
            try deleter.save()
            change(row, stale)
            try Check.throwsError("saving the update throws modelNotFound", matching: matches(.modelNotFound)) { try stale.save() }
            try Check.equal(try rowInts(container), ["kept": 2], "the deleted row stays deleted and nothing else is written")
            try Check.that(stale.hasChanges, "the context keeps its changes")
        }
    }

    static let notFoundCases: [ConformanceCase] = [
        notFound("updateInt") { row, _ in row.int = 9 },
        notFound("updateOptionalToNil") { row, _ in row.optString = nil; row.optInt = 4 },
        notFound("updateWithInsert") { row, context in row.string = "x"; context.insert(Row(tag: "new", int: 3)) },
        notFound("updateWithOtherUpdate") { row, context in
            row.int = 7
            (try? DeleteRuleCases.one(context, #Predicate<Row> { $0.tag == "kept" }))?.int = 20
        },
        ConformanceCase("\(category).modelNotFound.updateCascadedPet", category: category) { environment in
            let container = try environment.makeContainer()
            let (stale, rex) = try loadThenDeleteAnn(in: container, loading: #Predicate<Pet> { $0.name == "rex" })
            rex.name = "rex2"
            try Check.throwsError("updating a pet removed by a cascade throws modelNotFound", matching: matches(.modelNotFound)) { try stale.save() }
            try Check.sameElements(try DeleteRuleCases.names(Pet.self, container, \.name), ["max"], "pets in a new context")
        },
        // The owner's row has no column that changes (its pets are the pets' foreign keys), so
        // only a check that the row still exists can catch the deletion.
        ConformanceCase("\(category).modelNotFound.relateNewModelToDeletedOwner", category: category) { environment in
            let container = try environment.makeContainer()
            let (stale, ann) = try loadThenDeleteAnn(in: container, loading: #Predicate<Owner> { $0.name == "ann" })
            stale.insert(Pet(name: "new", owner: ann))
            try Check.throwsError("relating a new pet to a deleted owner throws modelNotFound", matching: matches(.modelNotFound)) { try stale.save() }
            try Check.sameElements(try DeleteRuleCases.names(Pet.self, container, \.name), ["max"], "the new pet was not written")
            try Check.sameElements(try DeleteRuleCases.names(Owner.self, container, \.name), ["bob"], "the owner stays deleted")
            try Check.that(stale.hasChanges, "the context keeps its changes")
        },
    ]

    /// Saves the owners, loads the one `T` matching `predicate` into a context, then deletes
    /// owner "ann" (and by the cascade her pets rex and tom) in another.
    /// - Returns: the first context, now stale, and its model.
    static func loadThenDeleteAnn<T: PersistentModel>(in container: ModelContainer, loading predicate: Predicate<T>) throws -> (ModelContext, T) {
        try DeleteRuleCases.saveOwners(in: container)
        let stale = ModelContext(container)
        let model = try DeleteRuleCases.one(stale, predicate)
        let deleter = ModelContext(container)
        deleter.delete(try DeleteRuleCases.one(deleter, #Predicate<Owner> { $0.name == "ann" }))
        try deleter.save()
        return (stale, model)
    }

    /// Accounts a@x (1) and b@x (2); renaming b to a collides on `@Attribute(.unique)`.
    static let constraintCases: [ConformanceCase] = [
        ConformanceCase("\(category).constraintViolation.updateCollidesOnUnique", category: category) { environment in
            let container = try environment.makeContainer()
            try saveAccounts(container)
            let context = ModelContext(container)
            try DeleteRuleCases.one(context, #Predicate<Account> { $0.email == "b@x" }).email = "a@x"
            try Check.throwsError("the colliding update throws constraintViolation", matching: matches(.constraintViolation)) { try context.save() }
            try Check.equal(try UniquenessCases.storedAccounts(container), ["a@x": 1, "b@x": 2], "the store is unchanged")
        },
        ConformanceCase("\(category).constraintViolation.retryAfterFix", category: category) { environment in
            let container = try environment.makeContainer()
            try saveAccounts(container)
            let context = ModelContext(container)
            let b = try DeleteRuleCases.one(context, #Predicate<Account> { $0.email == "b@x" })
            b.email = "a@x"
            b.balance = 5
            try Check.throwsError("the colliding update throws constraintViolation", matching: matches(.constraintViolation)) { try context.save() }
            b.email = "c@x"
            try context.save()
            try Check.equal(try UniquenessCases.storedAccounts(container), ["a@x": 1, "c@x": 5], "the fixed update is written")
        },
        ConformanceCase("\(category).constraintViolation.updateCollidesWithInsertOfSameSave", category: category) { environment in
            let container = try environment.makeContainer()
            try saveAccounts(container)
            let context = ModelContext(container)
            context.insert(Row(tag: "side", int: 1))
            try DeleteRuleCases.one(context, #Predicate<Account> { $0.email == "a@x" }).email = "b@x"
            try Check.throwsError("the colliding update throws constraintViolation", matching: matches(.constraintViolation)) { try context.save() }
            try Check.equal(try UniquenessCases.storedAccounts(container), ["a@x": 1, "b@x": 2], "the accounts are unchanged")
            try Check.equal(try rowInts(container), [:], "the insert of the failed save is not written")
        },
        ConformanceCase("\(category).constraintViolation.compoundUpdateCollides", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            seeding.insert(Seat(row: "A", number: 1, holder: "ann"))
            seeding.insert(Seat(row: "A", number: 2, holder: "bob"))
            try seeding.save()
            let context = ModelContext(container)
            try DeleteRuleCases.one(context, #Predicate<Seat> { $0.number == 2 }).number = 1
            try Check.throwsError("the colliding update throws constraintViolation", matching: matches(.constraintViolation)) { try context.save() }
            let seats = try ModelContext(container).fetch(FetchDescriptor<Seat>()).map { "\($0.row)\($0.number):\($0.holder ?? "-")" }
            try Check.sameElements(seats, ["A1:ann", "A2:bob"], "the seats are unchanged")
        },
    ]

    static func saveAccounts(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        context.insert(Account(email: "a@x", balance: 1))
        context.insert(Account(email: "b@x", balance: 2))
        try context.save()
    }

    static let denyCases: [ConformanceCase] = [
        ConformanceCase("\(category).deleteRuleViolation.bookAddedInSameSave", category: category) { environment in
            let container = try environment.makeContainer()
            try DeleteRuleCases.saveLibraries(in: container)
            let context = ModelContext(container)
            let empty = try DeleteRuleCases.one(context, #Predicate<Library> { $0.name == "empty" })
            context.insert(Book(title: "b3", library: empty))
            context.delete(empty)
            try Check.throwsError("deleting a library that gains a book throws deleteRuleViolation", matching: matches(.deleteRuleViolation)) { try context.save() }
            try Check.sameElements(try DeleteRuleCases.names(Library.self, container, \.name), ["city", "empty"], "no library deleted")
            try Check.sameElements(try DeleteRuleCases.names(Book.self, container, \.title), ["b1", "b2"], "the book is not written")
        },
        ConformanceCase("\(category).deleteRuleViolation.freshContextSameError", category: category) { environment in
            let container = try environment.makeContainer()
            try DeleteRuleCases.saveLibraries(in: container)
            for _ in 0..<2 {
                let context = ModelContext(container)
                context.delete(try DeleteRuleCases.one(context, #Predicate<Library> { $0.name == "city" }))
                try Check.throwsError("every attempt throws deleteRuleViolation", matching: matches(.deleteRuleViolation)) { try context.save() }
            }
            try Check.sameElements(try DeleteRuleCases.names(Book.self, container, \.title), ["b1", "b2"], "the books stay")
        },
    ]
}
