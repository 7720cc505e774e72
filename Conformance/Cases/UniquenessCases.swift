import Foundation
import StrataCore

/// `@Attribute(.unique)` and `#Unique`: an insert that collides with a stored row updates it (upsert).
enum UniquenessCases {
    static let all: [ConformanceCase] = [
        upsertStoredRow, upsertRegisteredRow, laterInsertWins, distinctValuesInsert, upsertKeepsOtherRows,
    ] + UniquenessCases.compound + UniquenessCases.relationshipCases + UniquenessCases.insertNew

    /// Account rows in a new context, as `email: balance`.
    static func storedAccounts(_ container: ModelContainer) throws -> [String: Int] {
        let accounts = try ModelContext(container).fetch(FetchDescriptor<Account>())
        try Check.equal(Set(accounts.map(\.email)).count, accounts.count, "no two stored accounts share an email")
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0.email, $0.balance) })
    }

    /// Inserting an Account whose email is stored updates that row.
    static let upsertStoredRow = ConformanceCase("uniqueness.attribute.upsertStoredRow", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let first = ModelContext(container)
        let original = Account(email: "a@example.com", balance: 10)
        first.insert(original)
        try first.save()
        let storedIdentifier = original.persistentModelID

        let context = ModelContext(container)
        let replacement = Account(email: "a@example.com", balance: 20)
        context.insert(replacement)
        try context.save()
        try Check.equal(replacement.persistentModelID, storedIdentifier, "the insert took over the stored row's identifier")
        let fetched = try context.fetch(FetchDescriptor<Account>())
        try Check.equal(fetched.count, 1, "the saving context fetches one account")
        try Check.that(fetched.first === replacement, "and it is the inserted object")
        try Check.equal(fetched.first?.balance, 20, "with the new balance")
        try Check.equal(try storedAccounts(container), ["a@example.com": 20], "the store holds one row with the new balance")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Account>()), 1, "fetchCount is 1")
    }

    /// The stored row is already registered in the inserting context: after the upsert one model remains.
    static let upsertRegisteredRow = ConformanceCase("uniqueness.attribute.upsertRegisteredRow", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        try { let seed = ModelContext(container); seed.insert(Account(email: "a@example.com", balance: 10)); try seed.save() }()
        let context = ModelContext(container)
        let existing = try context.fetch(FetchDescriptor<Account>())
        try Check.equal(existing.map(\.balance), [10], "the seeded account")
        let replacement = Account(email: "a@example.com", balance: 30)
        context.insert(replacement)
        try context.save()
        let fetched = try context.fetch(FetchDescriptor<Account>())
        try Check.equal(fetched.count, 1, "the context fetches one account")
        try Check.equal(fetched.first?.balance, 30, "with the inserted balance")
        try Check.equal(fetched.first?.persistentModelID, existing[0].persistentModelID, "under the stored row's identifier")
        try Check.equal(try storedAccounts(container), ["a@example.com": 30], "the store holds one row")
    }

    /// Two inserts with the same email in one save: one row, with the later values.
    static let laterInsertWins = ConformanceCase("uniqueness.attribute.sameSaveLaterWins", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        let earlier = Account(email: "b@example.com", balance: 1)
        let later = Account(email: "b@example.com", balance: 2)
        context.insert(earlier)
        context.insert(later)
        try context.save()
        try Check.equal(earlier.persistentModelID, later.persistentModelID, "both inserts map to one row")
        try Check.equal(try storedAccounts(container), ["b@example.com": 2], "one row with the later balance")
        let fetched = try context.fetch(FetchDescriptor<Account>())
        try Check.equal(fetched.map(\.balance), [2], "the saving context fetches one account with the later balance")
    }

    /// Different emails never collide.
    static let distinctValuesInsert = ConformanceCase("uniqueness.attribute.distinctValuesInsert", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        for (email, balance) in [("a@example.com", 1), ("A@example.com", 2), ("a@example.com ", 3), ("", 4)] {
            context.insert(Account(email: email, balance: balance))
        }
        try context.save()
        try Check.equal(
            try storedAccounts(container), ["a@example.com": 1, "A@example.com": 2, "a@example.com ": 3, "": 4],
            "emails differing in case or whitespace are distinct")
    }

    /// An upsert changes only the colliding row.
    static let upsertKeepsOtherRows = ConformanceCase("uniqueness.attribute.upsertKeepsOtherRows", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let seed = ModelContext(container)
        seed.insert(Account(email: "a@example.com", balance: 1))
        seed.insert(Account(email: "b@example.com", balance: 2))
        try seed.save()
        let context = ModelContext(container)
        context.insert(Account(email: "b@example.com", balance: 20))
        context.insert(Account(email: "c@example.com", balance: 3))
        try context.save()
        try Check.equal(
            try storedAccounts(container), ["a@example.com": 1, "b@example.com": 20, "c@example.com": 3],
            "a untouched, b updated, c inserted")
    }
}
