import StrataCore
import StrataSQL

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
