import StrataCore

/// Commits by other connections and processes, through `LISTEN`/`NOTIFY`.
extension PostgresStore: ExternalCommitObserving {
    /// The `LISTEN`/`NOTIFY` channel the store's writes announce their commits on:
    /// `strata_` and a 64-bit FNV-1a hash of the namespace and the store identifier, in hex, so
    /// it fits PostgreSQL's 63-byte limit and stores in different namespaces of one database
    /// never hear each other.
    public var commitChannel: String { Self.commitChannel(namespace: configuration.namespace, identifier: identifier) }

    /// ``commitChannel`` for a store of `identifier` in `namespace`.
    static func commitChannel(namespace: String?, identifier: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array((namespace ?? "").utf8) + [0] + Array(identifier.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "strata_" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Listens on ``commitChannel`` with a connection of its own to the primary (not one of the
    /// pool's) on a thread of its own, and calls `onCommit` for each batch of notifications:
    /// after every commit of a ``PostgresStore`` on this namespace, in any process, this one's
    /// own saves included. A dropped connection is reopened, then signalled once.
    /// - Throws: ``DataStoreError/unsupportedFeature`` with ``PostgresConfiguration/transactionPooling``:
    ///   pgbouncer's transaction pooling keeps no session, so a `LISTEN` would not last;
    ///   ``PostgresError`` when the server cannot be reached.
    public func observeExternalCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any ExternalCommitObservation {
        guard !configuration.transactionPooling else { throw DataStoreError.unsupportedFeature }
        let settings = configuration.settings
        let source = try PostgresNotificationSource(channel: commitChannel) { try PostgresConnection(settings: settings) }
        return ExternalCommitWatcher(name: "strata.postgres.commits", source: source, onCommit: onCommit)
    }

    /// The notification a write of this store sends after its commit, with the history
    /// token `token` finds in the write's result.
    func commitNotification<Result>(_ token: @escaping (Result) -> DefaultHistoryToken?) -> PostgresCommitNotification<Result>? {
        announcer.map { PostgresCommitNotification(announcer: $0, token: token) }
    }
}
