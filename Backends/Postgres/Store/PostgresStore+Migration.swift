import StrataCore
import StrataSQL

extension PostgresStore {
    /// Brings the database to the container's version through `plan`, in the caller's
    /// transaction, which holds the schema advisory lock: a second store opening meanwhile
    /// waits for the lock, then finds the new version and runs nothing. PostgreSQL's DDL is
    /// transactional, so the stages, their contexts' saves and the version record commit
    /// together or not at all. The stages' saves are recorded in the history as `history` says:
    /// whether the store records it, and whether the table is there. Returns the store identifier.
    /// - Throws: as ``SQLMigrator/migrate(on:storeIdentifier:history:)``.
    static func migrate(
        _ schema: Schema, through plan: any SchemaMigrationPlan.Type, metadata: PostgresMetadata, history: (records: Bool, table: Bool),
        on connection: PostgresConnection
    ) throws -> String {
        let identifier = try metadata.prepare(on: connection)
        try SQLMigrator(plan: plan, target: schema, dialect: PostgresDialect()).migrate(
            on: connection, storeIdentifier: identifier, history: SQLMigrationHistory(records: history.records, hasTable: history.table))
        return try metadata.prepare(on: connection)
    }

    /// What the database (in the configuration's namespace) records and what opening it through
    /// `plan` with `schema` would run, read in a read-only transaction on a connection of its
    /// own (`strata schema`, `strata migrate --dry-run`).
    /// - Throws: ``PostgresError`` when the server cannot be reached; as ``SQLMigrator/work(on:)``.
    public static func migrationReport(
        for configuration: PostgresConfiguration, plan: any SchemaMigrationPlan.Type, schema: Schema
    ) throws -> SQLMigrationReport {
        let connection = try open(configuration, configuration.settings)
        defer { connection.close() }
        _ = try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { _ = try? connection.execute("ROLLBACK") }
        return try SQLMigrationReport(plan: plan, schema: schema, dialect: PostgresDialect(), connection: connection)
    }
}
