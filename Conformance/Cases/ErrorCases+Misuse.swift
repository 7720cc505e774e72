import Foundation
import StrataCore

/// `modelBelongsToAnotherContext` and `modelNotInSchema`: refused inserts, typed errors, other changes kept.
extension ErrorCases {
    static let misuseCases: [ConformanceCase] = [
        ConformanceCase("\(category).modelBelongsToAnotherContext.fetchedModel", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows([Row(tag: "a", int: 1)], in: container)
            let first = ModelContext(container), second = ModelContext(container)
            let fetched = try DeleteRuleCases.one(first, #Predicate<Row> { $0.tag == "a" })
            fetched.int = 5
            second.insert(fetched)
            try Check.throwsError("inserting a fetched model elsewhere throws modelBelongsToAnotherContext",
                                  matching: matches(.modelBelongsToAnotherContext)) { try second.save() }
            try Check.equal(try rowInts(container), ["a": 1], "nothing is written")
            try Check.that(fetched.modelContext === first, "the model stays in its context")
            try first.save()
            try Check.equal(try rowInts(container), ["a": 5], "its own context writes the change")
        },
        ConformanceCase("\(category).modelBelongsToAnotherContext.keepsOtherInsert", category: category) { environment in
            let container = try environment.makeContainer()
            let first = ModelContext(container), second = ModelContext(container)
            let owner = Owner(name: "ann")
            first.insert(owner)
            try first.save()
            second.insert(Row(tag: "own", int: 2))
            second.insert(owner)
            try Check.throwsError("the save throws modelBelongsToAnotherContext", matching: matches(.modelBelongsToAnotherContext)) { try second.save() }
            try Check.equal(try rowInts(container), [:], "the other insert is not written with the failed save")
            try second.save()
            try Check.equal(try rowInts(container), ["own": 2], "a retry writes the other insert")
            try Check.sameElements(try DeleteRuleCases.names(Owner.self, container, \.name), ["ann"], "the owner is stored once")
        },
        ConformanceCase("\(category).modelNotInSchema.insert", category: category) { environment in
            let container = try environment.makeContainer(for: [Row.self])
            let context = ModelContext(container)
            context.insert(Row(tag: "a", int: 1))
            context.insert(Account(email: "x", balance: 0))
            try Check.throwsError("inserting a model outside the schema throws modelNotInSchema", matching: matches(.modelNotInSchema)) { try context.save() }
            try Check.equal(try rowInts(container), [:], "nothing is written")
            try Check.that(context.hasChanges, "the row insert is still pending")
            try context.save()
            try Check.equal(try rowInts(container), ["a": 1], "a retry writes the row")
        },
        ConformanceCase("\(category).modelNotInSchema.fetch", category: category) { environment in
            let container = try environment.makeContainer(for: [Row.self])
            let context = ModelContext(container)
            try Check.throwsError("fetching a type outside the schema throws modelNotInSchema", matching: matches(.modelNotInSchema)) {
                _ = try context.fetch(FetchDescriptor<Account>())
            }
            try Check.throwsError("fetchCount of a type outside the schema throws modelNotInSchema", matching: matches(.modelNotInSchema)) {
                _ = try context.fetchCount(FetchDescriptor<Account>())
            }
            try Check.throwsError("fetchIdentifiers of a type outside the schema throws modelNotInSchema", matching: matches(.modelNotInSchema)) {
                _ = try context.fetchIdentifiers(FetchDescriptor<Account>())
            }
        },
        ConformanceCase("\(category).modelNotInSchema.sameAfterOtherSave", category: category) { environment in
            let container = try environment.makeContainer(for: [Row.self, Account.self])
            let context = ModelContext(container)
            context.insert(Seat(row: "A", number: 1))
            try Check.throwsError("the first save throws modelNotInSchema", matching: matches(.modelNotInSchema)) { try context.save() }
            try context.save()
            context.insert(Seat(row: "A", number: 2))
            try Check.throwsError("a second refused insert throws again", matching: matches(.modelNotInSchema)) { try context.save() }
            try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Account>()), 0, "nothing is written")
        },
    ]
}
