import StrataCore

/// The store behind a custom stage's context: it reads and writes through the connection that
/// runs the migration, inside the migration's transaction, with one version's schema.
///
/// Each save runs in a savepoint, so a failed save leaves the migration's other work intact
/// and the context's changes pending, as any save does.
public final class SQLMigrationStore: DataStore, DataStoreRelationshipFaulting, @unchecked Sendable {
    public typealias Snapshot = DefaultSnapshot

    public let configuration: SQLMigrationConfiguration
    public let schema: Schema
    public let identifier: String
    let engine: SQLStoreEngine

    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` without a schema or with a plan.
    public init(_ configuration: SQLMigrationConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema, migrationPlan == nil else {
            throw SwiftDataError.unsupportedConfiguration.with("a migration stage's store takes its schema from the stage and no plan")
        }
        self.configuration = configuration
        self.schema = schema
        self.identifier = configuration.session.storeIdentifier
        let history = configuration.session.history
        self.engine = try SQLStoreEngine(
            schema: schema, dialect: configuration.session.dialect, storeIdentifier: identifier, recordsHistory: history.records,
            marksHistoryGaps: history.hasTable)
    }

    private var connection: any SQLMigrationConnection { configuration.session.connection }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try engine.fetch(try engine.plan(request, for: .snapshots), on: connection)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try engine.fetchCount(try engine.plan(request, for: .count), on: connection)
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try engine.fetchIdentifiers(try engine.plan(request, for: .identifiers), on: connection)
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try engine.cachedSnapshots(for: persistentIdentifiers, on: connection)
    }

    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        try engine.relatedIdentifiers(of: owners, relationship: relationship, on: connection)
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try connection.run(SQLStatement(text: "SAVEPOINT strata_migration_save"))
        do {
            let result = try engine.save(request, on: connection)
            try connection.run(SQLStatement(text: "RELEASE SAVEPOINT strata_migration_save"))
            return result
        } catch {
            _ = try? connection.run(SQLStatement(text: "ROLLBACK TO SAVEPOINT strata_migration_save"))
            _ = try? connection.run(SQLStatement(text: "RELEASE SAVEPOINT strata_migration_save"))
            throw error
        }
    }

    /// Every feature a migration's context can use.
    public var capabilities: StoreCapabilities { StoreCapabilities(features: [.signedZero]) }
}

/// Names the migration whose connection a ``SQLMigrationStore`` uses.
public struct SQLMigrationConfiguration: DataStoreConfiguration {
    public typealias Store = SQLMigrationStore
    public var name: String { "migration" }
    public var schema: Schema?
    let session: SQLMigrationSession

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.session === rhs.session && lhs.schema == rhs.schema }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(session)) }
}

/// The connection, dialect and store identifier of a migration in progress, and how its
/// stages' saves go into the history.
final class SQLMigrationSession: @unchecked Sendable {
    let connection: any SQLMigrationConnection
    let dialect: any SQLDialect
    let storeIdentifier: String
    let history: SQLMigrationHistory

    init(connection: any SQLMigrationConnection, dialect: any SQLDialect, storeIdentifier: String, history: SQLMigrationHistory) {
        self.connection = connection
        self.dialect = dialect
        self.storeIdentifier = storeIdentifier
        self.history = history
    }
}

/// How a migration's custom stages record their saves in ``SQLHistoryTable``: as any save of
/// the store does, created before the migration runs.
public struct SQLMigrationHistory: Sendable {
    /// Whether the store records history: the stages' saves are transactions in it.
    public var records: Bool
    /// Whether the database has the history table: a store that records none marks a gap.
    public var hasTable: Bool

    public init(records: Bool, hasTable: Bool) {
        self.records = records
        self.hasTable = hasTable
    }

    /// No history table, nothing recorded.
    public static let none = SQLMigrationHistory(records: false, hasTable: false)
}

/// A stage's context records its saves in the migrating store's history, so a follower of the
/// history learns what a custom stage changed (its deletions included).
extension SQLMigrationStore: HistoryRecording {
    public var recordsHistory: Bool { engine.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        guard configuration.session.history.hasTable else { return [] }
        return try SQLHistoryTable.records(after: token, on: connection, dialect: engine.dialect)
    }

    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        try SQLHistoryTable.delete(tokens, on: connection, dialect: engine.dialect)
    }
}
