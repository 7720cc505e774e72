import Foundation
import StrataCore
import Synchronization

/// History (``HistoryRecording``): every save is one transaction with exactly its changes, under
/// a token that orders transactions as they committed; failed saves record nothing.
enum HistoryCases {
    static let category = "history"

    static let all: [ConformanceCase] = [
        changeKinds, tokenDescriptors, retention, failedSavesRecordNothing, concurrentWritersInCommitOrder, batchDelete, tokenOfAnotherStore,
        tokenBeforeAGapExpires,
    ]

    typealias Transaction = DefaultHistoryTransaction

    static func history(_ container: ModelContainer, _ descriptor: HistoryDescriptor<Transaction> = HistoryDescriptor()) throws -> [Transaction] {
        try ModelContext(container).fetchHistory(descriptor)
    }

    /// Inserts, an update and a delete: each save one transaction, with the author, the
    /// permanent identifiers, the changed property and the preserved title.
    static let changeKinds = ConformanceCase("history.changes.kinds", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let context = ModelContext(container)
        context.author = "editor"
        let before = Date()
        let alpha = Memo(slug: "a", title: "Alpha", body: "x"), beta = Memo(slug: "b", title: "Beta", body: "y")
        context.insert(alpha)
        context.insert(beta)
        try context.save()
        alpha.rank = 5
        try context.save()
        let betaID = beta.persistentModelID
        context.delete(beta)
        try context.save()
        let after = Date()

        let transactions = try history(container)
        try Check.equal(transactions.count, 3, "one transaction per save")
        try Check.that(zip(transactions, transactions.dropFirst()).allSatisfy { $0.token < $1.token }, "tokens grow with each save")
        try Check.equal(transactions.map(\.author), ["editor", "editor", "editor"], "the author of each transaction")
        try Check.that(transactions.allSatisfy { $0.timestamp >= before.addingTimeInterval(-1) && $0.timestamp <= after.addingTimeInterval(1) }, "timestamps of the saves")
        try Check.that(transactions.allSatisfy { $0.storeIdentifier == container.dataStore.identifier }, "the store identifier")

        let inserted = transactions[0].changes.compactMap { change -> PersistentIdentifier? in
            guard case .insert(let insert) = change, insert is DefaultHistoryInsert<Memo> else { return nil }
            return insert.changedPersistentIdentifier
        }
        try Check.equal(Set(inserted), [alpha.persistentModelID, betaID], "the first transaction inserts both memos, by permanent identifier")
        try Check.equal(transactions[0].changes.count, 2, "changes of the first transaction")

        try Check.equal(transactions[1].changes.count, 1, "changes of the second transaction")
        guard case .update(let update as DefaultHistoryUpdate<Memo>) = transactions[1].changes[0] else {
            throw ConformanceFailure(message: "the second transaction is not an update of a memo: \(transactions[1].changes)")
        }
        try Check.equal(update.changedPersistentIdentifier, alpha.persistentModelID, "the updated memo")
        try Check.that(update.updatedAttributes == [\Memo.rank], "only rank changed (got \(update.updatedAttributes))")

        try Check.equal(transactions[2].changes.count, 1, "changes of the third transaction")
        guard case .delete(let delete as DefaultHistoryDelete<Memo>) = transactions[2].changes[0] else {
            throw ConformanceFailure(message: "the third transaction is not a delete of a memo: \(transactions[2].changes)")
        }
        try Check.equal(delete.changedPersistentIdentifier, betaID, "the deleted memo")
        try Check.equal(delete.tombstone[\.title], "Beta", "the tombstone keeps the preserved title")
        try Check.equal(delete.tombstone[\.body], nil, "the tombstone keeps nothing else")
    }

    /// Three saves of one memo each.
    static func threeSaves(_ container: ModelContainer) throws -> [Transaction] {
        let context = ModelContext(container)
        for index in 0..<3 {
            context.insert(Memo(slug: "m\(index)", title: "Memo \(index)"))
            try context.save()
        }
        return try history(container)
    }

    /// Tokens survive `Codable`, bound a fetch (`$0.token > t`), and descriptors sort and limit.
    static let tokenDescriptors = ConformanceCase("history.descriptor.tokens", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let all = try threeSaves(container)
        try Check.equal(all.count, 3, "transactions")
        let stored = try JSONEncoder().encode(all[0].token)
        let token = try JSONDecoder().decode(DefaultHistoryToken.self, from: stored)
        try Check.equal(token, all[0].token, "a token decodes to itself")
        let later = try history(container, HistoryDescriptor(predicate: #Predicate { $0.token > token }))
        try Check.equal(later.map(\.token), Array(all.dropFirst().map(\.token)), "transactions after the first token")
        let fromSecond = all[1].token
        let atLeast = try history(container, HistoryDescriptor(predicate: #Predicate { $0.token >= fromSecond }))
        try Check.equal(atLeast.map(\.token), Array(all.dropFirst().map(\.token)), "transactions from the second token on")
        var newestFirst = HistoryDescriptor<Transaction>(sortBy: [SortDescriptor(\.transactionIdentifier, order: .reverse)])
        newestFirst.fetchLimit = 2
        try Check.equal(try history(container, newestFirst).map(\.token), [all[2].token, all[1].token], "the two newest, newest first")
        let byAuthor = try history(container, HistoryDescriptor(predicate: #Predicate { $0.author == "nobody" }))
        try Check.equal(byAuthor.count, 0, "no transaction has that author")
    }

    /// Deleting by token or by age keeps the later transactions; numbers are never reused.
    static let retention = ConformanceCase("history.delete.retention", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let all = try threeSaves(container)
        let processed = all[1].token
        try ModelContext(container).deleteHistory(HistoryDescriptor<Transaction>(predicate: #Predicate { $0.token <= processed }))
        try Check.equal(try history(container).map(\.token), [all[2].token], "only the unprocessed transaction is left")
        let cutoff = all[2].timestamp.addingTimeInterval(-3_600)
        try ModelContext(container).deleteHistory(HistoryDescriptor<Transaction>(predicate: #Predicate { $0.timestamp < cutoff }))
        try Check.equal(try history(container).map(\.token), [all[2].token], "deleting by age keeps what is newer than the cutoff")
        let future = all[2].timestamp.addingTimeInterval(3_600)
        try ModelContext(container).deleteHistory(HistoryDescriptor<Transaction>(predicate: #Predicate { $0.timestamp < future }))
        try Check.equal(try history(container).count, 0, "and deletes what is older")
        let again = ModelContext(container)
        again.insert(Memo(slug: "again", title: "Again"))
        try again.save()
        try ModelContext(container).deleteHistory(HistoryDescriptor<Transaction>())
        try Check.equal(try history(container).count, 0, "deleting without a predicate deletes all")
        let context = ModelContext(container)
        context.insert(Memo(slug: "later", title: "Later"))
        try context.save()
        let next = try history(container)
        try Check.equal(next.count, 1, "the next save's transaction")
        try Check.that(next[0].token > all[2].token, "a deleted transaction's number is not reused")
    }

    /// A save that fails inside the store (a unique collision on update) or before it (an
    /// injected fault) records nothing; its retry records exactly its changes.
    static let failedSavesRecordNothing = ConformanceCase("history.atomicity.failedSave", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(intercepting: AtomicityCases.failing(saves: [3]), for: ConformanceModels.history)
        let context = ModelContext(container)
        let alpha = Memo(slug: "a", title: "Alpha"), beta = Memo(slug: "b", title: "Beta")
        context.insert(alpha)
        context.insert(beta)
        try context.save()
        alpha.slug = "b"
        _ = try Check.throwsError("an update onto another memo's unique slug fails") { try context.save() }
        try Check.equal(try history(container).count, 1, "the failed save recorded nothing")
        context.rollback()
        alpha.rank = 1
        _ = try Check.throwsError("the injected fault fails the save", matching: AtomicityCases.isInjectedFault) { try context.save() }
        try Check.equal(try history(container).count, 1, "the faulted save recorded nothing")
        try context.save()
        let transactions = try history(container)
        try Check.equal(transactions.count, 2, "the retry recorded one transaction")
        try Check.equal(transactions[1].changes.map(\.changedPersistentIdentifier), [alpha.persistentModelID], "with exactly the retried change")
    }

    /// `delete(model:where:)` is one transaction deleting exactly the matching rows, each with
    /// its tombstone (a replica learns from it which row went).
    static let batchDelete = ConformanceCase("history.batchDelete.recorded", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let context = ModelContext(container)
        let memos = (0..<4).map { Memo(slug: "b\($0)", title: "B\($0)", rank: $0) }
        for memo in memos { context.insert(memo) }
        try context.save()
        try context.delete(model: Memo.self, where: #Predicate { $0.rank >= 2 })
        let transactions = try history(container)
        try Check.equal(transactions.count, 2, "the inserts, then the batch delete")
        let deleted = transactions[1].changes.compactMap { change -> PersistentIdentifier? in
            guard case .delete(let delete) = change else { return nil }
            return delete.changedPersistentIdentifier
        }
        try Check.equal(Set(deleted), Set(memos[2...].map(\.persistentModelID)), "the batch delete's transaction deletes the matching memos")
        try Check.equal(transactions[1].changes.count, 2, "and nothing else")
        let titles = transactions[1].changes.compactMap { change -> String? in
            guard case .delete(let delete as DefaultHistoryDelete<Memo>) = change else { return nil }
            return delete.tombstone[\.title]
        }
        try Check.equal(Set(titles), ["B2", "B3"], "each deleted memo's tombstone keeps its preserved title")
    }

    /// Eight writers save at once while a reader follows the history by token: a save that
    /// finished before another started has the smaller token, and the reader, asking only for
    /// tokens after the last it saw, misses none.
    static let concurrentWritersInCommitOrder = ConformanceCase(
        "history.order.concurrentWriters", category: category, requires: [.history, .concurrentSaves]
    ) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let clock = Atomic(0)
        let saves = Mutex<[(start: Int, end: Int, memo: PersistentIdentifier)]>([])
        let writing = Atomic(true)
        let seen = Mutex<Set<DefaultHistoryToken>>([])
        @Sendable func follow(after last: DefaultHistoryToken?) throws -> DefaultHistoryToken? {
            let descriptor = last.map { last in HistoryDescriptor<Transaction>(predicate: #Predicate { $0.token > last }) } ?? HistoryDescriptor()
            let found = try history(container, descriptor)
            seen.withLock { $0.formUnion(found.map(\.token)) }
            return found.last?.token ?? last
        }
        try ConcurrencyCases.onThreads(9) { thread in
            if thread == 8 {
                var last: DefaultHistoryToken?
                while writing.load(ordering: .acquiring) { last = try follow(after: last) }
                _ = try follow(after: last)
                return
            }
            let context = ModelContext(container)
            for index in 0..<10 {
                let memo = Memo(slug: "\(thread)-\(index)", title: "T")
                context.insert(memo)
                let start = clock.add(1, ordering: .sequentiallyConsistent).newValue
                try context.save()
                let end = clock.add(1, ordering: .sequentiallyConsistent).newValue
                saves.withLock { $0.append((start, end, memo.persistentModelID)) }
            }
            if saves.withLock({ $0.count }) == 80 { writing.store(false, ordering: .releasing) }
        }
        let transactions = try history(container)
        try Check.equal(transactions.count, 80, "one transaction per save")
        var tokenOfMemo: [PersistentIdentifier: DefaultHistoryToken] = [:]
        for transaction in transactions {
            for change in transaction.changes { tokenOfMemo[change.changedPersistentIdentifier] = transaction.token }
        }
        let recorded = saves.withLock { $0 }
        for first in recorded {
            for second in recorded where first.end < second.start {
                guard let a = tokenOfMemo[first.memo], let b = tokenOfMemo[second.memo] else {
                    throw ConformanceFailure(message: "a saved memo has no transaction")
                }
                try Check.that(a < b, "a save that finished first has the smaller token (\(a) vs \(b))")
            }
        }
        try Check.equal(seen.withLock { $0 }, Set(transactions.map(\.token)), "a reader following by token saw every transaction")
    }
}
