import StrataCore
import StrataSQL

extension SQLiteStore {
    /// The store identifier, once the database is at the container's version: a database
    /// already there is only read; otherwise one `BEGIN IMMEDIATE` transaction runs every stage
    /// and records the version. A second process opening meanwhile waits for the write lock,
    /// then finds the new version and runs nothing.
    /// - Throws: as ``SQLMigrator/migrate(on:storeIdentifier:)``; ``SQLiteError/Kind/readOnly``
    ///   when the database needs a migration and cannot be written.
    static func prepare(
        _ schema: Schema, migrating plan: any SchemaMigrationPlan.Type, history: Bool, on connections: SQLiteConnections
    ) throws -> (identifier: String, hasHistory: Bool) {
        let migrator = SQLMigrator(plan: plan, target: schema, dialect: SQLiteDialect())
        let (work, identifier, hasHistory) = try connections.read { connection in
            try connection.consistentRead(needed: true) {
                (try migrator.work(on: connection), try SQLMetadataTable.existingStoreIdentifier(on: connection, dialect: SQLiteDialect()),
                 try SQLHistoryTable.exists(on: connection, dialect: SQLiteDialect()))
            }
        }
        if case .none = work, let identifier, hasHistory || !history || connections.readOnlyReason != nil { return (identifier, hasHistory) }
        if let reason = connections.readOnlyReason {
            throw SQLiteError.readOnly("\(reason), and opening it needs to migrate: \(work)")
        }
        return try connections.write { connection in
            try connection.transaction {
                let identifier = try SQLMetadataTable.storeIdentifier(on: connection, dialect: SQLiteDialect())
                // Before the migration, whose stages' saves are recorded (or marked as gaps) like any save.
                if history { try SQLHistoryTable.create(on: connection, dialect: SQLiteDialect()) }
                try migrator.migrate(
                    on: connection, storeIdentifier: identifier, history: SQLMigrationHistory(records: history, hasTable: history || hasHistory))
                return (identifier, history || hasHistory)
            }
        }
    }
}

extension SQLiteStore {
    /// What the database at `configuration` records and what opening it through `plan` with
    /// `schema` would run, read without writing (`strata schema`, `strata migrate --dry-run`).
    /// - Throws: ``SQLiteError`` when the file cannot be opened; as ``SQLMigrator/work(on:)``.
    public static func migrationReport(
        for configuration: SQLiteConfiguration, plan: any SchemaMigrationPlan.Type, schema: Schema
    ) throws -> SQLMigrationReport {
        let connection = try open(configuration, mode: .readOnly, writer: false)
        return try connection.consistentRead(needed: true) {
            try SQLMigrationReport(plan: plan, schema: schema, dialect: SQLiteDialect(), connection: connection)
        }
    }
}
