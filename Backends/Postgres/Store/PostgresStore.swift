import Foundation
import Metrics
import StrataCore
import StrataSQL

/// A store in a PostgreSQL database, through the libpq C API: the store a server uses.
///
/// Every libpq call runs on the store's own worker threads (one connection each, up to
/// ``PostgresConfiguration/poolSize``), never on Swift's cooperative pool. With
/// ``PostgresConfiguration/replicas``, reads run on the replicas and writes on the primary. A save is one
/// transaction; reads that need several statements run in one `REPEATABLE READ` snapshot.
/// Predicates and sorts are translated to SQL where PostgreSQL agrees with Swift (see
/// docs/postgresql.md), and evaluated in memory by the context otherwise.
public final class PostgresStore: DataStore, DataStoreBatching, DataStoreRelationshipFaulting, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    /// The configuration the store was opened with.
    public let configuration: PostgresConfiguration
    /// The schema the store persists.
    public let schema: Schema
    /// The store identifier, minted when the database was first prepared and kept in `_strata_metadata`.
    public let identifier: String
    let engine: SQLStoreEngine
    /// Whether the database had (or was given) the history table when the store opened.
    let hasHistoryTable: Bool
    /// The primary's pool: every write, and every read when there are no replicas.
    let pool: PostgresWorkerPool
    /// The read replicas; `nil` when there are none.
    let replicas: PostgresReplicas?
    /// What announces the store's commits; `nil` without ``PostgresConfiguration/announcesCommits``.
    let announcer: PostgresCommitAnnouncer?

    /// Connects, creates the namespace and the tables that are missing, applies additive schema
    /// changes, and reads (or mints) the store identifier, in one transaction.
    /// - Throws: ``PostgresError`` when the server cannot be reached or refuses;
    ///   ``SwiftDataError/schemaMismatch`` listing every conflicting difference;
    ///   ``SwiftDataError/invalidSchema`` for a name longer than 63 bytes; with a migration plan,
    ///   what ``SQLMigrator/migrate(on:storeIdentifier:)`` throws;
    ///   ``PostgresError/Kind/invalidConfiguration`` for transaction pooling with a namespace or
    ///   server options, which need session state.
    public init(_ configuration: PostgresConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("PostgresConfiguration has no schema; create the store through ModelContainer")
        }
        try Self.validate(configuration)
        self.configuration = configuration
        self.schema = schema
        let dialect = PostgresDialect()
        let tables = try SchemaTables(schema: schema, dialect: dialect)
        try PostgresKeySequences.validate(tables)
        self.pool = Self.makePool(configuration, configuration.settings, server: nil)
        self.replicas =
            configuration.replicas.isEmpty
            ? nil
            : PostgresReplicas(
                replicas: configuration.replicas.map { PostgresReplica(pool: Self.makePool(configuration, $0, server: "\($0.endpoints[0])")) },
                waitTimeout: configuration.replicaWaitTimeout)
        do {
            (self.identifier, self.hasHistoryTable) = try Self.prepare(
                SQLStoreOpening(tables: tables, migrationPlan: migrationPlan, recordsHistory: configuration.recordsHistory),
                namespace: configuration.namespace, pool: pool, replicas: replicas)
        } catch {
            Self.close(pool, replicas)
            throw error
        }
        self.announcer =
            configuration.announcesCommits
            ? PostgresCommitAnnouncer(channel: Self.commitChannel(namespace: configuration.namespace, identifier: identifier), pool: pool) : nil
        self.engine = try SQLStoreEngine(
            schema: schema, dialect: dialect, storeIdentifier: identifier, recordsHistory: configuration.recordsHistory,
            marksHistoryGaps: hasHistoryTable)
    }

    deinit { Self.close(pool, replicas) }

    /// Stops taking work, lets the work already under way finish (it completes normally), then
    /// closes every connection. Later calls fail with ``PostgresError/Kind/shutDown``.
    /// Returns once everything is closed; calling it again waits the same way.
    public func shutdown() async {
        await pool.shutdown()
        await replicas?.shutdown()
    }

    /// Forgets what a context that is gone wrote (read-your-writes bookkeeping).
    public func invalidateState(for editingState: EditingState) {
        replicas?.forget(editingState)
    }

    /// Closes every pool without waiting (see ``PostgresWorkerPool/close()``).
    private static func close(_ pool: PostgresWorkerPool, _ replicas: PostgresReplicas?) {
        pool.close()
        replicas?.replicas.forEach { $0.pool.close() }
    }

    /// Refuses settings that transaction pooling cannot honour: it keeps no session state.
    private static func validate(_ configuration: PostgresConfiguration) throws {
        guard configuration.transactionPooling else { return }
        let servers = [configuration.settings] + configuration.replicas
        guard configuration.namespace == nil, servers.allSatisfy({ $0.startupOptions == nil }) else {
            throw PostgresError(
                kind: .invalidConfiguration,
                message: "transaction pooling (pgbouncer) keeps no session state: use no namespace and no statement_timeout or options "
                    + "(set them on the role instead: ALTER ROLE … SET search_path / statement_timeout)",
                sql: nil)
        }
    }

    /// A pool for one server, with metrics dimensioned by the store's name (and `server` for a replica).
    private static func makePool(_ configuration: PostgresConfiguration, _ settings: PostgresConnectionSettings, server: String?) -> PostgresWorkerPool {
        let dimensions = [("store", configuration.name)] + (server.map { [("server", $0)] } ?? [])
        let metrics = PostgresPoolMetrics(dimensions: dimensions, factory: configuration.metricsFactory ?? MetricsSystem.factory)
        return PostgresWorkerPool(limits: configuration.poolLimits, metrics: metrics, logger: configuration.effectiveLogger) {
            try Self.open(configuration, settings)
        }
    }

    /// A connection as the pool opens them: traced, with the configuration's response timeout,
    /// in its namespace.
    static func open(_ configuration: PostgresConfiguration, _ settings: PostgresConnectionSettings) throws -> PostgresConnection {
        let connection = try PostgresConnection(
            settings: settings, debugBindValues: configuration.debugBindValues, namedStatements: !configuration.transactionPooling)
        connection.trace = configuration.statementObserver(trace: configuration.trace)
        connection.responseTimeout = configuration.responseTimeout
        if let namespace = configuration.namespace {
            _ = try connection.execute("SET search_path TO \(PostgresDialect().quote(namespace))")
        }
        return connection
    }

    /// Brings the database in line with the schema (``SQLStoreOpening``) in one transaction,
    /// under an advisory lock so stores opening at once never race to create the same tables:
    /// a second store opening meanwhile waits, then finds the tables (or the new version) and
    /// writes nothing. PostgreSQL's DDL is transactional, so a migration's stages, their saves
    /// and the version record commit together or not at all.
    private static func prepare(
        _ opening: SQLStoreOpening, namespace: String?, pool: PostgresWorkerPool, replicas: PostgresReplicas?
    ) throws -> (identifier: String, hasHistoryTable: Bool) {
        // On the calling thread: a container is created synchronously, so its caller waits anyway.
        try pool.runHere(writeJob(replicas: replicas, editingState: nil) { connection in
            _ = try connection.execute("SELECT pg_advisory_xact_lock($1)", [PostgresParameter(.integer(schemaLock))])
            if let namespace {
                _ = try connection.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresDialect().quote(namespace))")
            }
            return try opening.open(on: connection)
        })
    }

    /// The advisory lock key held while a store prepares the database ("strata" in ASCII).
    private static let schemaLock: Int64 = 0x7374_7261_7461

    /// Empties every table, in one transaction. Keys are not reset: an old identifier never names a new row.
    public func erase() throws {
        try write(editingState: nil) { try self.engine.erase(on: $0) }
    }

    /// Every feature, with Swift's semantics throughout.
    public static let declaredCapabilities = StoreCapabilities.all

    public var capabilities: StoreCapabilities { Self.declaredCapabilities }

    /// PostgreSQL, as telemetry names it.
    public var databaseSystemName: String { "postgresql" }

    /// Runs `body` with one of the store's connections on a worker thread; the calling task
    /// suspends meanwhile. For work the model layer does not express (administration, tests).
    func withConnection<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> Result) async throws -> Result {
        try await pool.perform { try body($0.connection()) }
    }
}
