import Foundation
import StrataCore
import StrataSQL

/// A store in a PostgreSQL database, through the libpq C API: the store a server uses.
///
/// Every libpq call runs on the store's own worker threads (one connection each, up to
/// ``PostgresConfiguration/poolSize``), never on Swift's cooperative pool. A save is one
/// transaction; reads that need several statements run in one `REPEATABLE READ` snapshot.
/// Predicates and sorts are translated to SQL where PostgreSQL agrees with Swift (see
/// docs/postgresql.md), and evaluated in memory by the context otherwise.
public final class PostgresStore: DataStore, DataStoreBatching, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    /// The configuration the store was opened with.
    public let configuration: PostgresConfiguration
    /// The schema the store persists.
    public let schema: Schema
    /// The store identifier, minted when the database was first prepared and kept in `_strata_metadata`.
    public let identifier: String
    let engine: SQLStoreEngine
    let pool: PostgresWorkerPool

    /// Connects, creates the namespace and the tables that are missing, applies additive schema
    /// changes, and reads (or mints) the store identifier, in one transaction.
    /// - Throws: ``PostgresError`` when the server cannot be reached or refuses;
    ///   ``SwiftDataError/schemaMismatch`` listing every conflicting difference;
    ///   ``SwiftDataError/invalidSchema`` for a name longer than 63 bytes;
    ///   ``SwiftDataError/unsupportedConfiguration`` for a migration plan.
    public init(_ configuration: PostgresConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("PostgresConfiguration has no schema; create the store through ModelContainer")
        }
        guard migrationPlan == nil else {
            throw SwiftDataError.unsupportedConfiguration.with("the PostgreSQL store applies additive schema changes itself and takes no migration plan")
        }
        self.configuration = configuration
        self.schema = schema
        let dialect = PostgresDialect()
        let tables = try SchemaTables(schema: schema, dialect: dialect)
        let metadata = try PostgresMetadata(tables: tables)
        let trace = configuration.statementObserver(trace: configuration.trace)
        self.pool = PostgresWorkerPool(size: configuration.poolSize, logger: configuration.effectiveLogger) { try Self.open(configuration, trace: trace) }
        do {
            self.identifier = try Self.prepare(tables: tables, metadata: metadata, namespace: configuration.namespace, pool: pool)
        } catch {
            pool.shutdown()
            throw error
        }
        self.engine = try SQLStoreEngine(schema: schema, dialect: dialect, storeIdentifier: identifier)
    }

    deinit { pool.shutdown() }

    private static func open(_ configuration: PostgresConfiguration, trace: (@Sendable (String) -> Void)?) throws -> PostgresConnection {
        let connection = try PostgresConnection(settings: configuration.settings, debugBindValues: configuration.debugBindValues)
        // Notices ("already exists, skipping") are not errors and must not reach the app's stderr.
        _ = try connection.execute("SET client_min_messages TO warning")
        connection.trace = trace
        if let namespace = configuration.namespace {
            _ = try connection.execute("SET search_path TO \(PostgresDialect().quote(namespace))")
        }
        return connection
    }

    /// Brings the database in line with the schema, under an advisory lock so stores opening at
    /// once never race to create the same tables. Returns the store identifier.
    private static func prepare(tables: SchemaTables, metadata: PostgresMetadata, namespace: String?, pool: PostgresWorkerPool) throws -> String {
        try write(on: pool, opening: true) { connection in
            _ = try connection.execute("SELECT pg_advisory_xact_lock($1)", [PostgresParameter(.integer(PostgresMetadata.schemaLock))])
            if let namespace {
                _ = try connection.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresDialect().quote(namespace))")
            }
            try SQLSchemaReconciler(tables: tables, connection: connection).reconcile()
            return try metadata.prepare(on: connection)
        }
    }

    /// Empties every table, in one transaction. Keys are not reset: an old identifier never names a new row.
    public func erase() throws {
        try write { try self.engine.erase(on: $0) }
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
