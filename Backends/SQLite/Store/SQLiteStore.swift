import Foundation
import StrataCore
import StrataSQL

/// A store in a SQLite database, through the libsqlite3 C API: Strata's embedded default.
///
/// Saves run in one `BEGIN IMMEDIATE` transaction on the single writer connection; fetches
/// run on a pool of reader connections (WAL mode), so readers never wait for a writer.
/// Predicates and sorts are translated to SQL where SQLite agrees with Swift, and evaluated
/// in memory by the context otherwise.
public final class SQLiteStore: DataStore, DataStoreBatching, DataStoreRelationshipFaulting, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: SQLiteConfiguration
    public let schema: Schema
    public let identifier: String
    let engine: SQLStoreEngine
    /// Whether the database had (or was given) the history table when the store opened.
    let hasHistoryTable: Bool
    let connections: SQLiteConnections

    /// Opens (creating when missing) the database and brings its tables in line with the schema;
    /// a database already in line is only read, and a read-only one opens for reading.
    /// - Throws: ``SQLiteError`` when the file is not a database or cannot be opened
    ///   (``SQLiteError/Kind/cannotOpen``, naming the path), or is read-only and needs changes
    ///   (``SQLiteError/Kind/readOnly``);
    ///   ``SwiftDataError/schemaMismatch`` listing every conflicting difference; with a migration
    ///   plan, what ``SQLMigrator/migrate(on:storeIdentifier:)`` throws.
    public init(_ configuration: SQLiteConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration.with("SQLiteConfiguration has no schema; create the store through ModelContainer")
        }
        self.configuration = configuration
        self.schema = schema
        let tables = try SchemaTables(schema: schema, dialect: SQLiteDialect())
        var mode = Self.openMode(configuration)
        var readOnlyReason: String?
        let writer: SQLiteConnection
        do {
            writer = try Self.open(configuration, mode: mode, writer: true)
        } catch let error as SQLiteError where (error.kind == .diskFull || error.kind == .ioError) && mode != .immutable {
            // A disk too full for the `-shm` file SQLite needs even to read a WAL database: with
            // no `-wal` content to read, the data is all in the file, which opens immutable.
            guard case .file(let url) = configuration.location, Self.hasNoWriteAheadContent(url) else { throw error }
            mode = .immutable
            writer = try Self.open(configuration, mode: mode, writer: true)
            readOnlyReason = "the database at \(url.path) is open read-only: opening it for writing failed (\(error.message)), as on a full disk"
        }
        if readOnlyReason == nil, case .file(let url) = configuration.location, mode != .readWrite {
            readOnlyReason = "the database at \(url.path) is open read-only"
        }
        self.connections = SQLiteConnections(
            writer: writer, readOnlyReason: readOnlyReason, maximumReaders: configuration.maximumReaders,
            openReader: configuration.location == .inMemory ? nil : { try Self.open(configuration, mode: mode, writer: false) })
        let history = configuration.recordsHistory
        let connections = connections
        let prepared = try Self.prepare(SQLStoreOpening(tables: tables, migrationPlan: migrationPlan, recordsHistory: history), on: connections)
        self.identifier = prepared.identifier
        self.hasHistoryTable = prepared.hasHistory
        self.engine = try SQLStoreEngine(
            schema: schema, dialect: SQLiteDialect(), storeIdentifier: identifier, recordsHistory: history && prepared.hasHistory,
            marksHistoryGaps: prepared.hasHistory)
    }

    /// The store identifier, once the database is in line with the schema (``SQLStoreOpening``),
    /// and whether the history table is there. A database already in line is only read, so
    /// opening writes nothing then, and a read-only file opens (without history when it has no
    /// history table). Otherwise one `BEGIN IMMEDIATE` transaction brings it in line; a second
    /// process opening meanwhile waits for the write lock, then finds it done and writes nothing.
    /// - Throws: ``SQLiteError/Kind/readOnly`` when the database needs writing and cannot be
    ///   written; as ``SQLStoreOpening/open(on:)``.
    private static func prepare(_ opening: SQLStoreOpening, on connections: SQLiteConnections) throws -> (identifier: String, hasHistory: Bool) {
        let survey = try connections.read { connection in
            try connection.consistentRead(needed: true) { try opening.survey(on: connection) }
        }
        if let opened = opening.openedWithoutWriting(survey) { return (opened.identifier, opened.hasHistoryTable) }
        if let reason = connections.readOnlyReason {
            if survey.needs.isEmpty, let identifier = survey.identifier { return (identifier, survey.hasHistoryTable) }
            throw SQLiteError.readOnly("\(reason), and opening it needs to \(survey.needs.joined(separator: ", "))")
        }
        return try connections.write { connection in
            try connection.transaction {
                let opened = try opening.open(on: connection)
                return (opened.identifier, opened.hasHistoryTable)
            }
        }
    }

    /// Read-write, unless the configuration asks for read-only or the file exists and this
    /// process cannot write it. A read-only file with no `-wal` or `-shm` beside it, in a
    /// directory this process cannot write (read-only media), opens immutable: SQLite could not
    /// create the `-shm` file a WAL database needs.
    static func openMode(_ configuration: SQLiteConfiguration) -> SQLiteConnection.OpenMode {
        guard case .file(let url) = configuration.location else { return .readWrite }
        let path = url.path
        let fileIsReadOnly = access(path, F_OK) == 0 && access(path, W_OK) != 0
        guard configuration.readOnly || fileIsReadOnly else { return .readWrite }
        let hasSidecars = access(path + "-wal", F_OK) == 0 || access(path + "-shm", F_OK) == 0
        let directoryIsReadOnly = access(url.deletingLastPathComponent().path, W_OK) != 0
        return fileIsReadOnly && directoryIsReadOnly && !hasSidecars ? .immutable : .readOnly
    }

    /// Whether the database at `url` has no `-wal` file, or an empty one: every committed
    /// transaction is then in the database file itself.
    private static func hasNoWriteAheadContent(_ url: URL) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? nil
        return (size ?? 0) == 0
    }

    static func open(_ configuration: SQLiteConfiguration, mode: SQLiteConnection.OpenMode, writer: Bool) throws -> SQLiteConnection {
        let connection: SQLiteConnection
        switch configuration.location {
        case .inMemory:
            connection = try SQLiteConnection(inMemory: (), busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        case .file(let url):
            connection = try SQLiteConnection(path: url.path, mode: mode, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            // Asked first: a store already in WAL mode (every store this one made) then opens
            // without a write, so it opens for reading even on a full disk.
            if writer && mode == .readWrite, try connection.query("PRAGMA journal_mode", row: { $0.text(at: 0) }).first != "wal" {
                try connection.execute("PRAGMA journal_mode=WAL")
            }
            try connection.execute("PRAGMA synchronous=NORMAL")
        }
        connection.trace = configuration.statementObserver(trace: configuration.trace)
        return connection
    }

    public func erase() throws {
        try connections.write { connection in try connection.transaction { try engine.erase(on: connection) } }
    }

    /// Every feature; string search compares code points (see docs/sqlite.md).
    public static let declaredCapabilities = StoreCapabilities(features: StoreCapabilities.all.features, profile: SemanticProfile(stringSearch: .codePoints))

    /// The declared capabilities, less ``StoreCapabilities/Feature/externalChanges`` for an
    /// in-memory database, which no other connection can reach.
    public var capabilities: StoreCapabilities {
        guard configuration.location == .inMemory else { return Self.declaredCapabilities }
        var capabilities = Self.declaredCapabilities
        capabilities.features.remove(.externalChanges)
        return capabilities
    }

    /// SQLite, as telemetry names it.
    public var databaseSystemName: String { "sqlite" }
}
