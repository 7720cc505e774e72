import Foundation
import StrataCore
import Synchronization

/// Changes reach other contexts (merged into their registered models), change streams and live
/// queries, without a refetch by hand.
enum ChangeFeedCases {
    static let category = "changes"

    static let all: [ConformanceCase] = [mergeUpdated, mergeKeepsUnsavedChanges, mergeDeleted, changeStream, liveQuery]

    /// A memo saved through one context, registered in a second.
    static func memoInTwoContexts(_ environment: ConformanceEnvironment) throws -> (writer: ModelContext, memo: Memo, reader: ModelContext, read: Memo) {
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let writer = ModelContext(container)
        let memo = Memo(slug: "m", title: "Memo", body: "first", rank: 1)
        writer.insert(memo)
        try writer.save()
        let reader = ModelContext(container)
        let read = try Check.unwrap(try reader.fetch(FetchDescriptor<Memo>()).first, "the memo in the second context")
        try Check.equal(read.rank, 1, "the second context read the saved rank")
        return (writer, memo, reader, read)
    }

    /// Another context's save shows in this context's registered model on the next read.
    static let mergeUpdated = ConformanceCase("changes.merge.updated", category: category) { environment in
        let (writer, memo, reader, read) = try memoInTwoContexts(environment)
        memo.rank = 2
        memo.body = "second"
        try writer.save()
        try withExtendedLifetime(reader) {
            try Check.equal(read.rank, 2, "the other context's model reads the new rank without a refetch")
            try Check.equal(read.body, "second", "and the new body")
        }
    }

    /// A model with unsaved changes keeps them; the others' save does not overwrite them.
    static let mergeKeepsUnsavedChanges = ConformanceCase("changes.merge.keepsUnsaved", category: category) { environment in
        let (writer, memo, reader, read) = try memoInTwoContexts(environment)
        read.body = "mine"
        memo.rank = 3
        try writer.save()
        reader.mergeCommittedChanges()
        try Check.equal(read.body, "mine", "the unsaved change is kept")
        try Check.that(reader.hasChanges, "and still pending")
    }

    /// A model another context deleted leaves this context when it merges.
    static let mergeDeleted = ConformanceCase("changes.merge.deleted", category: category) { environment in
        let (writer, memo, reader, read) = try memoInTwoContexts(environment)
        let identifier = read.persistentModelID
        writer.delete(memo)
        try writer.save()
        try Check.equal(try reader.fetchCount(FetchDescriptor<Memo>()), 0, "the store has no memo")
        try Check.that(reader.registeredModel(for: identifier) as Memo? == nil, "the deleted memo left the other context")
    }

    /// `changes()` delivers each save with its identifiers, author and history token.
    static let changeStream = ConformanceCase("changes.stream.saves", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        let hasHistory = environment.backend.capabilities.features.contains(.history)
        try environment.awaitResult {
            var changes = container.changes().makeAsyncIterator()
            let context = ModelContext(container)
            context.author = "importer"
            let memo = Memo(slug: "s", title: "Streamed")
            context.insert(memo)
            try await context.async.save()
            let change = try Check.unwrap(await changes.next(), "a change for the save")
            try Check.equal(change.inserted, [memo.persistentModelID], "the inserted identifier")
            try Check.equal(change.author, "importer", "the author")
            try Check.that(change.touches(Memo.self) && !change.touches(Counter.self), "the change concerns memos only")
            if hasHistory {
                let last = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.token
                try Check.equal(change.token, last, "the change carries the transaction's history token")
            }
        }
    }

    /// A live query yields the current answer, then again after each relevant save (a burst
    /// coalesces; an unrelated entity's save does not yield), and ends when cancelled.
    static let liveQuery = ConformanceCase("changes.live.reyield", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.history)
        try environment.awaitResult {
            let answers = LiveAnswers()
            // A child task, so it runs on the same thread as this one: it reads only while this
            // one waits, never in the middle of a burst of saves.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let context = ModelContext(container)
                    for try await memos in context.liveResults(for: FetchDescriptor<Memo>(sortBy: [SortDescriptor(\.slug)])) {
                        answers.list.withLock { $0.append(memos.map { "\($0.slug):\($0.tags.count)" }) }
                    }
                }
                try await checkLiveAnswers(container, answers)
                group.cancelAll()
                try await group.waitForAll()
            }
        }
    }

    /// Saves what ``liveQuery`` expects its consumer to see, checking each answer.
    private static func checkLiveAnswers(_ container: ModelContainer, _ answers: LiveAnswers) async throws {
        func answer(_ number: Int) async throws -> [String] {
            for _ in 0..<500 where answers.list.withLock({ $0.count }) < number { try await Task.sleep(for: .milliseconds(10)) }
            return try Check.unwrap(answers.list.withLock { $0.count >= number ? $0[number - 1] : nil }, "live answer \(number)")
        }
        let writer = ModelContext(container)
        try Check.equal(try await answer(1), [], "the first answer is the current one")
        let alpha = Memo(slug: "a", title: "A")
        writer.insert(alpha)
        try await writer.async.save()
        try Check.equal(try await answer(2), ["a:0"], "a save of a memo yields again")
        // Synchronous saves: the consumer cannot read in the middle of the burst.
        func saveNow() throws { try writer.save() }
        writer.insert(Counter(value: 1))
        try saveNow()
        for slug in ["b", "c", "d"] {
            writer.insert(Memo(slug: slug, title: slug))
            try saveNow()
        }
        try Check.equal(try await answer(3), ["a:0", "b:0", "c:0", "d:0"], "one answer after a burst, with all of it")
        try await Task.sleep(for: .milliseconds(300))
        try Check.equal(answers.list.withLock { $0.count }, 3, "a burst of saves, and an unrelated save, yield once")
        writer.insert(MemoTag(name: "t", memo: alpha))
        try await writer.async.save()
        try Check.equal(try await answer(4), ["a:1", "b:0", "c:0", "d:0"], "a save of a related tag yields again")
    }
}

/// What a live query's consumer saw, answer by answer.
final class LiveAnswers: Sendable {
    let list = Mutex<[[String]]>([])
}
