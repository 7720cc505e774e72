import Foundation
@testable import StrataCore
import Strata
import Observation
import Testing

/// The container's change feed: subscriptions are freed, the history fetch reads only past a
/// token bound, a sleeping context's inbox stays bounded, and history can be turned off.
@Suite struct ChangeFeedTests {
    private func makeContainer(recordsHistory: Bool = true) throws -> ModelContainer {
        var configuration = InMemoryConfiguration()
        configuration.recordsHistory = recordsHistory
        return try ModelContainer(for: Trip.self, Stop.self, configurations: configuration)
    }

    @Test func cancellingALiveQueryFreesItsSubscription() async throws {
        let container = try makeContainer()
        let before = container.changeFeed.subscriberCount
        let firstAnswer = AsyncStream.makeStream(of: Int.self)
        let consumer = Task {
            let context = ModelContext(container)
            for try await count in context.liveCount(for: FetchDescriptor<Trip>()) { firstAnswer.continuation.yield(count) }
        }
        var answers = firstAnswer.stream.makeAsyncIterator()
        #expect(await answers.next() == 0)
        #expect(container.changeFeed.subscriberCount == before + 2, "the consumer's context and its live query subscribe")
        consumer.cancel()
        _ = await consumer.result
        #expect(container.changeFeed.subscriberCount == before, "cancelled, the live query and its context leave the feed")
    }

    @Test func endingAChangeStreamFreesItsSubscription() async throws {
        let container = try makeContainer()
        let before = container.changeFeed.subscriberCount
        let consumer = Task { for await _ in container.changes() {} }
        while container.changeFeed.subscriberCount == before { await Task.yield() }
        consumer.cancel()
        _ = await consumer.value
        #expect(container.changeFeed.subscriberCount == before)
    }

    @Test func theHistoryFetchReadsOnlyPastATokenBound() throws {
        let token = DefaultHistoryToken(storeIdentifier: "s", tokenValue: 7)
        typealias Descriptor = HistoryDescriptor<DefaultHistoryTransaction>
        #expect(Descriptor.tokenLowerBound(of: #Predicate { $0.token > token }) == 7)
        #expect(Descriptor.tokenLowerBound(of: #Predicate { $0.token >= token }) == 6)
        #expect(Descriptor.tokenLowerBound(of: #Predicate { $0.author == "x" && $0.token > token }) == 7)
        #expect(Descriptor.tokenLowerBound(of: #Predicate { $0.token < token }) == nil)
        #expect(Descriptor.tokenLowerBound(of: #Predicate { $0.author == "x" || $0.token > token }) == nil)
    }

    @Test func aSleepingContextsInboxStaysBounded() throws {
        let inbox = MergeInbox()
        let many = (0..<(MergeInbox.listLimit + 1)).map { PersistentIdentifier(storeIdentifier: "s", entityName: "Trip", primaryKey: .integer(Int64($0))) }
        inbox.add(ModelChanges(inserted: [], updated: many, deleted: [], token: nil, author: nil, savingContext: nil))
        let waiting = inbox.take()
        #expect(waiting.everything && waiting.updated.isEmpty, "past the limit the inbox reloads everything instead of listing")
        #expect(!inbox.isPending)
    }

    @Test func willSaveListsThePendingModels() throws {
        let container = try makeContainer()
        let context = ModelContext(container)
        let kept = Trip(name: "Kept", start: .now), gone = Trip(name: "Gone", start: .now)
        context.insert(kept)
        context.insert(gone)
        try context.save()
        kept.name = "Changed"
        context.delete(gone)
        let added = Trip(name: "Added", start: .now)
        context.insert(added)
        let temporary = added.persistentModelID
        nonisolated(unsafe) var seen: [String: [PersistentIdentifier]] = [:]
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { note in
            for key in [ModelContext.NotificationKey.insertedIdentifiers, .updatedIdentifiers, .deletedIdentifiers] {
                seen[key.rawValue] = note.userInfo?[key.rawValue] as? [PersistentIdentifier]
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try context.save()
        #expect(seen["insertedIdentifiers"] == [temporary])
        #expect(seen["updatedIdentifiers"] == [kept.persistentModelID])
        #expect(seen["deletedIdentifiers"] == [gone.persistentModelID])
    }

    @Test func aStoreWithoutHistoryRecordsNoneAndStillFeedsChanges() async throws {
        let container = try makeContainer(recordsHistory: false)
        var changes = container.changes().makeAsyncIterator()
        let context = ModelContext(container)
        context.insert(Trip(name: "Porto", start: .now))
        try await context.async.save()
        #expect(throws: SwiftDataError.historyNotRecorded, "reading a history the store does not record is an error, not []") {
            try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        }
        let change = await changes.next()
        #expect(change?.inserted.count == 1 && change?.token == nil)
    }
}


/// Observation consumers see a live query's answers through ``ObservedResults``.
@MainActor @Suite struct ObservedResultsTests {
    @Test func anotherContextsSaveChangesTheObservedResults() async throws {
        let container = try ModelContainer(for: Trip.self, Stop.self, configurations: InMemoryConfiguration())
        let observed = ObservedResults(FetchDescriptor<Trip>(), in: container.mainContext)
        let changed = AsyncStream.makeStream(of: Void.self)
        withObservationTracking { _ = observed.results } onChange: { changed.continuation.yield() }
        let writer = ModelContext(container)
        writer.insert(Trip(name: "Faro", start: .now))
        try await writer.async.save()
        var signals = changed.stream.makeAsyncIterator()
        await signals.next()
        for _ in 0..<500 where observed.results.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(observed.results.map(\.name) == ["Faro"])
        observed.stop()
    }
}
