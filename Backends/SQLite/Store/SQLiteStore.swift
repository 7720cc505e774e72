import Foundation
import StrataCore
import StrataSQL

/// A store in a SQLite database, through the libsqlite3 C API: Strata's embedded default.
///
/// Saves run in one `BEGIN IMMEDIATE` transaction on the single writer connection; fetches
/// run on a pool of reader connections (WAL mode), so readers never wait for a writer.
/// Predicates and sorts are translated to SQL where SQLite agrees with Swift, and evaluated
/// in memory by the context otherwise.
public final class SQLiteStore: DataStore, DataStoreBatching, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: SQLiteConfiguration
    public let schema: Schema
    public let identifier: String
    let engine: SQLStoreEngine
    let connections: SQLiteConnections

    /// Opens (creating when missing) the database and brings its tables in line with the schema.
    /// - Throws: ``SQLiteError`` when the file is not a database or cannot be opened;
    ///   ``SwiftDataError/schemaMismatch`` listing every conflicting difference;
    ///   ``SwiftDataError/unsupportedConfiguration`` for a migration plan.
    public init(_ configuration: SQLiteConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("SQLiteConfiguration has no schema; create the store through ModelContainer")
        }
        guard migrationPlan == nil else {
            throw SwiftDataError.unsupportedConfiguration.with("the SQLite store applies additive schema changes itself and takes no migration plan")
        }
        self.configuration = configuration
        self.schema = schema
        let tables = try SchemaTables(schema: schema, dialect: SQLiteDialect())
        let writer = try Self.open(configuration, writer: true)
        self.connections = SQLiteConnections(
            writer: writer, maximumReaders: configuration.maximumReaders,
            openReader: configuration.location == .inMemory ? nil : { try Self.open(configuration, writer: false) })
        self.identifier = try connections.write { connection in
            try connection.transaction {
                try SQLSchemaReconciler(tables: tables, connection: connection).reconcile()
                return try SQLiteMetadata(connection: connection).storeIdentifier()
            }
        }
        self.engine = try SQLStoreEngine(schema: schema, dialect: SQLiteDialect(), storeIdentifier: identifier)
    }

    private static func open(_ configuration: SQLiteConfiguration, writer: Bool) throws -> SQLiteConnection {
        let connection: SQLiteConnection
        switch configuration.location {
        case .inMemory:
            connection = try SQLiteConnection(inMemory: (), busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        case .file(let url):
            connection = try SQLiteConnection(path: url.path, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            if writer { try connection.execute("PRAGMA journal_mode=WAL") }
            try connection.execute("PRAGMA synchronous=NORMAL")
        }
        connection.trace = configuration.trace
        return connection
    }

    public func erase() throws {
        try connections.write { connection in try connection.transaction { try engine.erase(on: connection) } }
    }

    /// Every feature; string search compares code points (see docs/sqlite.md).
    public static let declaredCapabilities = StoreCapabilities(features: StoreCapabilities.all.features, profile: SemanticProfile(stringSearch: .codePoints))

    public var capabilities: StoreCapabilities { Self.declaredCapabilities }
}
