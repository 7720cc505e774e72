import Foundation
import Logging
import Metrics
import StrataCore

/// Configures a ``PostgresStore``: the servers, the pool, and the schema (namespace) its
/// tables live in.
///
/// ```swift
/// let configuration = try PostgresConfiguration(url: "postgres://app@db.internal:5432/trips?pool_size=16")
/// let container = try ModelContainer(for: Trip.self, configurations: configuration)
/// ```
///
/// Every setting can also be given in the URL; see ``init(url:namespace:name:schema:)``.
public struct PostgresConfiguration: LoggingDataStoreConfiguration {
    public typealias Store = PostgresStore

    /// A name for the store, unique within a container.
    public var name: String
    /// The schema the store persists; set by the container.
    public var schema: Schema?
    /// The server, the role and the TLS mode (``PostgresConnectionSettings``): the primary, which
    /// takes every write (and every read when there are no ``replicas``).
    public var settings: PostgresConnectionSettings
    /// Read replicas (streaming standbys of the primary). When there are any, fetches, counts,
    /// identifier fetches and snapshot loads run on them, in turn, and writes on the primary; a
    /// context that saved reads its own writes (see ``replicaWaitTimeout``).
    public var replicas: [PostgresConnectionSettings] = []
    /// How long a read from a context that saved waits for a replica to replay that save before
    /// it reads from the primary instead. Default 1 second.
    public var replicaWaitTimeout: Duration = .seconds(1)
    /// The PostgreSQL schema holding the store's tables (created when missing); `nil` uses the
    /// role's `search_path` (usually `public`). Several stores can share one database this way.
    public var namespace: String?
    /// The most connections, and threads, the store uses at once, per server. Default 8.
    public var poolSize = 8
    /// Whether saves record their history (``HistoryRecording``, docs/changes.md), in the same
    /// transaction as the data. On by default, as in SwiftData. History numbers are taken under a
    /// lock held from the end of a save to its commit, so saves commit one at a time there.
    public var recordsHistory = true
    /// Where the store logs: each statement's SQL at `debug` (never its bound values), and, on
    /// PostgreSQL, a warning the first time a synchronous call blocks a thread of Swift's
    /// cooperative pool. `nil` (the default) uses the container's logger.
    public var logger: Logger?
    /// The longest an operation waits for a free connection before it fails with
    /// ``PostgresError/Kind/checkOutTimeout``; `nil` waits as long as it takes. Default 30 seconds.
    public var checkOutTimeout: Duration? = .seconds(30)
    /// The longest a call waits for the server's answer to one statement; past it, the store
    /// closes the connection (a transaction it had open is rolled back) and the call fails with
    /// ``PostgresError/Kind/responseTimeout``. It is the client's own deadline, so it holds when the
    /// server stops answering (a stopped backend, a frozen host), which `statement_timeout` cannot.
    /// `nil` waits as long as it takes. Unless set, it follows the statement timeout: the
    /// settings' ``PostgresConnectionSettings/statementTimeout`` plus ``responseTimeoutMargin``,
    /// so the server's own timeout fires first, or ``defaultResponseTimeout`` without one.
    public var responseTimeout: Duration? {
        get { chosenResponseTimeout ?? settings.statementTimeout.map { $0 + Self.responseTimeoutMargin } ?? Self.defaultResponseTimeout }
        set { chosenResponseTimeout = .some(newValue) }
    }
    /// What ``responseTimeout`` adds to a statement timeout: time for the server's answer to arrive.
    public static let responseTimeoutMargin: Duration = .seconds(2)
    /// ``responseTimeout`` when there is no statement timeout: 5 minutes.
    public static let defaultResponseTimeout: Duration = .seconds(300)
    /// The ``responseTimeout`` set, `.some(nil)` for none; `nil` while it follows the statement timeout.
    private var chosenResponseTimeout: Duration??
    /// How long a pooled connection may sit unused before it is closed; `nil` keeps it open.
    /// Default 5 minutes.
    public var idleTimeout: Duration? = .seconds(300)
    /// How long a pooled connection may live before it is replaced (closed when it is next idle);
    /// `nil` keeps it for ever. Default 1 hour.
    public var maxLifetime: Duration? = .seconds(3_600)
    /// Whether the servers are reached through pgbouncer in transaction-pooling mode (or a proxy
    /// like it): every statement is sent unnamed and the store keeps no session state. Needs no
    /// ``namespace`` and no server `options`.
    public var transactionPooling = false
    /// Whether writes announce their commits with `pg_notify`, sent after `COMMIT`, so
    /// containers in other processes hear of them (docs/changes.md, rule 20). A write that
    /// commits while another's announcement is on its way sends none: one sent after that one
    /// covers it. Otherwise it is one more statement per write (16 concurrent one-row inserts
    /// each announcing ran at 0.69–0.76× the transactions/s of plain ones; pgbench, 2 cores).
    /// Turn it off for a write-heavy service whose data no other process watches; this store can
    /// still listen to stores that announce.
    public var announcesCommits = true
    /// Where the pool's metrics go (`strata.pool.wait`, `strata.pool.connections`); `nil` uses
    /// the bootstrapped `MetricsSystem`, a no-op unless the app bootstrapped one.
    public var metricsFactory: (any MetricsFactory)?
    /// Called with the SQL text of every statement the store runs (bound values are never included).
    public var trace: (@Sendable (String) -> Void)?
    /// Whether errors may carry bound values in their `debugDescription`. Off by default: bound
    /// values are user data and must not reach logs.
    public var debugBindValues = false

    /// A store on the server described by `settings`.
    public init(settings: PostgresConnectionSettings, namespace: String? = nil, name: String? = nil, schema: Schema? = nil) {
        self.settings = settings
        self.namespace = namespace
        self.name = name ?? "\(settings)" + (namespace.map { "/\($0)" } ?? "")
        self.schema = schema
    }

    /// A store that writes to `primary` and reads from `replicas`.
    public init(
        primary: PostgresConnectionSettings, replicas: [PostgresConnectionSettings], namespace: String? = nil, name: String? = nil,
        schema: Schema? = nil
    ) {
        self.init(settings: primary, namespace: namespace, name: name, schema: schema)
        self.replicas = replicas
    }

    public static func == (lhs: PostgresConfiguration, rhs: PostgresConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.settings == rhs.settings && lhs.replicas == rhs.replicas && lhs.namespace == rhs.namespace
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(settings)
        hasher.combine(replicas)
        hasher.combine(namespace)
    }

    /// The pool limits of each server's pool.
    var poolLimits: PostgresWorkerPool.Limits {
        PostgresWorkerPool.Limits(size: poolSize, checkOutTimeout: checkOutTimeout, idleTimeout: idleTimeout, maxLifetime: maxLifetime)
    }
}

extension PostgresConfiguration: HistoryRecordingConfiguration {}
