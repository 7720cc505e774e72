import StrataCore

/// What a database records and what opening it through a plan would do, without doing it:
/// `strata schema` and `strata migrate --dry-run` print it.
public struct SQLMigrationReport: @unchecked Sendable {
    /// The version and fingerprint the database records; `nil` when it records none.
    public let recorded: SQLSchemaVersionRecord?
    /// The container's version in the plan, and its schema's fingerprint.
    public let target: SQLSchemaVersionRecord
    /// What opening would do.
    public let work: SQLMigrator.Work
    /// The actions of each stage opening would run, oldest first.
    public let steps: [(step: MigrationPath.Step, actions: [SQLMigrationAction])]
    /// The DDL the container's models need: every table and index, as a new database gets them.
    public let createStatements: [SQLStatement]

    /// Reads the database behind `connection` (only reads).
    /// - Throws: as ``SQLMigrator/work(on:)``.
    public init(plan: any SchemaMigrationPlan.Type, schema: Schema, dialect: any SQLDialect, connection: some SQLMigrationConnection) throws {
        let migrator = SQLMigrator(plan: plan, target: schema, dialect: dialect)
        let tables = try SchemaTables(schema: schema, dialect: dialect)
        self.recorded = try SQLSchemaVersionRecord.read(on: connection, dialect: dialect)
        self.target = SQLSchemaVersionRecord(version: try MigrationPath.version(of: schema, in: plan), fingerprint: schema.fingerprint)
        self.work = try migrator.work(on: connection)
        if case .migrate(let path) = work { self.steps = try migrator.actions(of: path) } else { self.steps = [] }
        self.createStatements = tables.tables.flatMap(tables.createStatements)
    }
}
