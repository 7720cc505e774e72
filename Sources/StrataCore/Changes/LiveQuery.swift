import Synchronization

/// The answer to a fetch, now and again after every committed change that may alter it: an
/// `AsyncSequence` made by ``ModelContext/liveResults(for:)`` or ``ModelContext/liveCount(for:)``.
///
/// The first element is the current answer. Each later one follows a commit, anywhere (this
/// container's contexts, and other processes' on a store that can watch its database), that
/// touched the fetched entity or an entity it reaches through relationships; a burst of commits
/// while the consumer is busy yields once. Cancelling the consuming task ends the sequence and
/// frees its subscription. The elements are read through the context that made the sequence, on
/// the consumer's isolation, so iterate where that context belongs.
/// ```swift
/// for try await open in context.liveResults(for: FetchDescriptor<Ticket>(predicate: #Predicate { $0.isOpen })) {
///     await push(open.map(TicketDTO.init))
/// }
/// ```
public struct LiveQuery<Model: PersistentModel, Element>: AsyncSequence {
    public typealias Failure = any Error
    let context: ModelContext
    let descriptor: FetchDescriptor<Model>
    let read: nonisolated(nonsending) (ModelContext, FetchDescriptor<Model>) async throws -> Element

    public func makeAsyncIterator() -> Iterator {
        Iterator(query: self, subscription: LiveQuerySubscription(container: context.container, watching: Self.relevantEntities(in: context.container.schema)))
    }

    /// Reads the answer once per commit that may concern it.
    public struct Iterator: AsyncIteratorProtocol {
        let query: LiveQuery
        let subscription: LiveQuerySubscription
        var signals: AsyncStream<Void>.Iterator
        var started = false
        /// The subscription's count of relevant commits when the last answer was read.
        var answered = 0

        init(query: LiveQuery, subscription: LiveQuerySubscription) {
            self.query = query
            self.subscription = subscription
            self.signals = subscription.signals.makeAsyncIterator()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            if started {
                // A signal for a commit the last answer already read (it committed before that
                // read began) is skipped: a burst yields once.
                repeat {
                    guard await signals.next(isolation: actor) != nil, !Task.isCancelled else { return nil }
                } while subscription.commits == answered
            }
            started = true
            answered = subscription.commits
            return try await query.read(query.context, query.descriptor)
        }

        public mutating func next() async throws -> Element? {
            try await next(isolation: nil)
        }
    }

    /// The fetched entity (with its subclasses) and every entity it reaches through relationships:
    /// a commit touching any of them may change the answer.
    static func relevantEntities(in schema: Schema) -> Set<String> {
        var relevant = Set(schema.entities.filter { $0.modelType is Model.Type }.map(\.name))
        var queue = Array(relevant)
        while let name = queue.popLast() {
            for relationship in schema.entitiesByName[name]?.relationships ?? [] where relevant.insert(relationship.destination).inserted {
                queue.append(relationship.destination)
            }
        }
        return relevant
    }
}

/// A live query's place in its container's change feed: a signal per relevant commit, the
/// newest one kept (a burst coalesces). Leaving it (the iterator is gone) unsubscribes.
final class LiveQuerySubscription: Sendable {
    let signals: AsyncStream<Void>
    /// How many relevant commits were published so far.
    var commits: Int { published.count.load(ordering: .acquiring) }
    private let published = CommitCount()
    private let continuation: AsyncStream<Void>.Continuation
    private let key: Int
    private weak let feed: ChangeFeed?

    init(container: ModelContainer, watching entities: Set<String>) {
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let continuation = continuation, published = published
        feed = container.changeFeed
        key = container.changeFeed.subscribe(watchesStore: true) { change in
            guard change.touches(entities) else { return }
            published.count.add(1, ordering: .releasing)
            continuation.yield()
        }
    }

    deinit {
        continuation.finish()
        feed?.unsubscribe(key)
    }
}

extension ModelContext {
    /// The models matching `descriptor` now, and again after each commit that may change them;
    /// see ``LiveQuery``.
    public func liveResults<T: PersistentModel>(for descriptor: FetchDescriptor<T>) -> LiveQuery<T, [T]> {
        LiveQuery(context: self, descriptor: descriptor) { context, descriptor in try await context.async.fetch(descriptor) }
    }

    /// How many models match `descriptor` now, and again after each commit that may change it;
    /// see ``LiveQuery``.
    public func liveCount<T: PersistentModel>(for descriptor: FetchDescriptor<T>) -> LiveQuery<T, Int> {
        LiveQuery(context: self, descriptor: descriptor) { context, descriptor in try await context.async.fetchCount(descriptor) }
    }
}

/// A count shared between a subscription and its feed handler.
final class CommitCount: Sendable {
    let count = Atomic(0)
}
