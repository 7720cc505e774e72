/// Commits by other processes, as the store the configuration selected sees them.
extension DefaultStore: ExternalCommitObserving {
    /// The SQLite file's observation (see ``SQLiteStore/observeExternalCommits(_:)``).
    /// - Throws: ``DataStoreError/unsupportedFeature`` for an in-memory configuration, or the
    ///   SQLite store's error.
    public func observeExternalCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any ExternalCommitObservation {
        guard let observable = backing as? any ExternalCommitObserving else { throw DataStoreError.unsupportedFeature }
        return try observable.observeExternalCommits(onCommit)
    }
}
