/// A store that can tell when another connection or process committed to its database, so a
/// container can bring that change to its contexts, live queries and change streams.
///
/// The store only signals; the container then reads the store's history after the last token it
/// saw (``HistoryRecording``) to learn what changed. A signal may be spurious or cover several
/// commits; a commit that happens while a signal is being delivered is signalled again.
public protocol ExternalCommitObserving: DataStore {
    /// Starts watching; `onCommit` runs on a thread of the store's choosing after commits by
    /// other connections (this process's own connections may signal too), at most about 100 ms
    /// after the commit. Watching holds resources (a connection, a thread) until cancelled.
    /// - Throws: ``DataStoreError/unsupportedFeature`` when this configuration cannot watch
    ///   (PostgreSQL through pgbouncer's transaction pooling, say), or the store's typed error.
    func observeExternalCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any ExternalCommitObservation
}

/// A running ``ExternalCommitObserving/observeExternalCommits(_:)``: cancel it to stop watching
/// and free what it holds. Cancelling twice does nothing.
public protocol ExternalCommitObservation: Sendable {
    /// Stops watching; `onCommit` is not called after this returns.
    func cancel()
}
