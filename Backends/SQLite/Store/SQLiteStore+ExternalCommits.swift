import StrataCore

/// Commits by other connections and processes, seen through `PRAGMA data_version`.
extension SQLiteStore: ExternalCommitObserving {
    /// Polls `PRAGMA data_version` every 5 ms on a connection and a thread of its own
    /// (``SQLiteDataVersionSource``), and calls `onCommit` when it changed: after a commit by any
    /// other connection to the file, this store's own writer included.
    /// - Throws: ``DataStoreError/unsupportedFeature`` for an in-memory database, which no other
    ///   connection can reach; ``SQLiteError`` when the watching connection cannot be opened.
    public func observeExternalCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any ExternalCommitObservation {
        guard configuration.location != .inMemory else { throw DataStoreError.unsupportedFeature }
        let connection = try Self.open(configuration, mode: Self.openMode(configuration), writer: false)
        // Two hundred polls a second are not statements anyone wants traced or logged.
        connection.trace = nil
        return ExternalCommitWatcher(name: "strata.sqlite.commits", source: try SQLiteDataVersionSource(connection: connection), onCommit: onCommit)
    }
}
