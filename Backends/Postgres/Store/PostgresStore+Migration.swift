import StrataCore
import StrataSQL

extension PostgresStore {
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
