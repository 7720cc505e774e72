extension ModelContainer {
    /// Every change committed from now on, as it commits: saves of this container's contexts,
    /// and, on a store that can watch its database (``ExternalCommitObserving``), saves by other
    /// processes and containers. Cancelling the consuming task ends the stream and frees its
    /// subscription; while any stream is consumed the container watches the store.
    /// ```swift
    /// for await change in container.changes() where change.touches(Trip.self) { invalidate(change) }
    /// ```
    public func changes() -> AsyncStream<ModelChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: ModelChanges.self)
        let key = changeFeed.subscribe(watchesStore: true) { continuation.yield($0) }
        continuation.onTermination = { [weak changeFeed] _ in changeFeed?.unsubscribe(key) }
        return stream
    }
}

extension ModelChanges {
    /// Whether the change may concern models of type `type` (its entity, or every entity when
    /// ``invalidatesAll``).
    public func touches<T: PersistentModel>(_ type: T.Type) -> Bool {
        touches([Schema.entityName(for: type)])
    }
}
