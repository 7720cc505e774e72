import Foundation
import Dispatch
import StrataCore
import Synchronization

/// Several contexts on one store at once, from several threads: no lost rows, no surfaced
/// busy errors, no half-applied saves seen by readers.
enum ConcurrencyCases {
    static let category = "concurrency"

    static let all: [ConformanceCase] = [concurrentSaves, concurrentUpserts, readersSeeWholeSaves]

    /// Runs `body` on `threads` threads at once and rethrows the first error any of them threw.
    static func inParallel(_ threads: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do { try body(thread) } catch { failure.withLock { $0 = $0 ?? error } }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Runs `body` on `count` threads of their own, all at once (however many cores there are),
    /// and rethrows the first error any of them threw.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                do { try body(index) } catch { failure.withLock { $0 = $0 ?? error } }
                group.leave()
            }.start()
        }
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Eight contexts each save 50 rows in five saves; all 400 arrive.
    static let concurrentSaves = ConformanceCase("concurrency.saves.noLostRows", category: category, requires: [.concurrentSaves]) { environment in
        let container = try environment.makeContainer()
        try inParallel(8) { worker in
            let context = ModelContext(container)
            for index in 0..<50 {
                context.insert(Row(tag: "\(worker)-\(index)", int: index))
                if index % 10 == 9 { try context.save() }
            }
        }
        let reader = ModelContext(container)
        try Check.equal(try reader.fetchCount(FetchDescriptor<Row>()), 400, "rows after concurrent saves")
        try Check.equal(Set(try reader.fetch(FetchDescriptor<Row>()).map(\.tag)).count, 400, "distinct rows")
    }

    /// Eight contexts insert the same unique email at once; one row remains.
    static let concurrentUpserts = ConformanceCase("concurrency.upserts.oneRow", category: category, requires: [.concurrentSaves]) { environment in
        let container = try environment.makeContainer()
        try inParallel(8) { worker in
            let context = ModelContext(container)
            context.insert(Account(email: "shared@example.com", balance: worker))
            try context.save()
        }
        let accounts = try ModelContext(container).fetch(FetchDescriptor<Account>())
        try Check.equal(accounts.count, 1, "accounts after concurrent upserts")
        try Check.that((0..<8).contains(accounts[0].balance), "the balance is one worker's")
    }

    /// A writer saves batches of ten while readers count; every count is a multiple of ten.
    static let readersSeeWholeSaves = ConformanceCase("concurrency.reads.wholeSavesOnly", category: category, requires: [.concurrentSaves]) { environment in
        let container = try environment.makeContainer()
        let partial = Mutex(0)
        try inParallel(3) { thread in
            if thread == 0 {
                let context = ModelContext(container)
                for batch in 0..<20 {
                    for index in 0..<10 { context.insert(Row(tag: "\(batch)-\(index)")) }
                    try context.save()
                }
            } else {
                for _ in 0..<60 {
                    let count = try ModelContext(container).fetchCount(FetchDescriptor<Row>())
                    if count % 10 != 0 { partial.withLock { $0 += 1 } }
                }
            }
        }
        try Check.equal(partial.withLock { $0 }, 0, "counts that saw a half-applied save")
    }
}
