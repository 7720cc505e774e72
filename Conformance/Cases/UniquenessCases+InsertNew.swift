import Foundation
import StrataCore
import Synchronization

/// `ModelContext.insertNew(_:)`: an insert that must be a new row. Where its unique values are
/// stored already, the save fails with `constraintViolation`, writes nothing and keeps its
/// changes; of several contexts claiming one value at once, exactly one succeeds.
extension UniquenessCases {
    static let insertNew: [ConformanceCase] = [insertNewWhenAbsent, insertNewRefusesAStoredMatch, insertNewRefusesAMatchInTheSameSave, insertNewConcurrentClaims]

    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? SwiftDataError) == .constraintViolation
    }

    static let insertNewWhenAbsent = ConformanceCase("uniqueness.insertNew.insertsWhenAbsent", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        context.insertNew(Account(email: "a@example.com", balance: 1))
        context.insert(Account(email: "b@example.com", balance: 2))
        try context.save()
        try Check.equal(try storedAccounts(container), ["a@example.com": 1, "b@example.com": 2], "stored accounts")
    }

    static let insertNewRefusesAStoredMatch = ConformanceCase("uniqueness.insertNew.refusesAStoredMatch", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let seeding = ModelContext(container)
        seeding.insert(Account(email: "a@example.com", balance: 1))
        try seeding.save()
        let context = ModelContext(container)
        context.insert(Account(email: "other@example.com", balance: 5))
        context.insertNew(Account(email: "a@example.com", balance: 9))
        _ = try Check.throwsError("a new account with a stored email", matching: isConstraintViolation) { try context.save() }
        try Check.equal(try storedAccounts(container), ["a@example.com": 1], "the store is unchanged")
        try Check.equal(context.insertedModelsArray.count, 2, "both inserts stay pending")
        // The same insert through insert(_:) upserts, as SwiftData does.
        context.rollback()
        context.insert(Account(email: "a@example.com", balance: 9))
        try context.save()
        try Check.equal(try storedAccounts(container), ["a@example.com": 9], "insert(_:) upserts")
    }

    static let insertNewRefusesAMatchInTheSameSave = ConformanceCase("uniqueness.insertNew.refusesAMatchInTheSameSave", category: "uniqueness") { environment in
        let container = try environment.makeContainer()
        let context = ModelContext(container)
        context.insert(Account(email: "a@example.com", balance: 1))
        context.insertNew(Account(email: "a@example.com", balance: 2))
        _ = try Check.throwsError("two new accounts with one email", matching: isConstraintViolation) { try context.save() }
        try Check.equal(try storedAccounts(container), [:], "nothing was written")
    }

    /// Eight contexts claim one email at once: one save succeeds, seven fail, one row.
    static let insertNewConcurrentClaims = ConformanceCase(
        "uniqueness.insertNew.concurrentClaimsOneWins", category: "uniqueness", requires: [.concurrentSaves]
    ) { environment in
        let container = try environment.makeContainer()
        let outcomes = Mutex<(saved: [Int], refused: Int)>(([], 0))
        try ConcurrencyCases.onThreads(8) { worker in
            let context = ModelContext(container)
            context.insertNew(Account(email: "claimed@example.com", balance: worker))
            do {
                try context.save()
                outcomes.withLock { $0.saved.append(worker) }
            } catch where isConstraintViolation(error) {
                outcomes.withLock { $0.refused += 1 }
            }
        }
        let (saved, refused) = outcomes.withLock { $0 }
        try Check.equal(saved.count, 1, "claims that saved")
        try Check.equal(refused, 7, "claims refused with constraintViolation")
        try Check.equal(try storedAccounts(container), ["claimed@example.com": saved[0]], "the one stored account is the winner's")
    }
}
