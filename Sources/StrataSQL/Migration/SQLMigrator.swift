import StrataCore

/// Brings a SQL database to the container's schema through a migration plan: reads the
/// recorded version, resolves the stages to run, and runs them with the version record in the
/// caller's transaction, so the migration commits whole or not at all.
public struct SQLMigrator {
    /// What opening a database needs.
    public enum Work: CustomStringConvertible {
        /// The database records the container's version and matches it: only read.
        case none
        /// The database is at the container's version (or new): create what is missing,
        /// apply additive changes, record the version.
        case reconcile
        /// Run these stages, oldest first.
        case migrate(MigrationPath)

        /// One line per stage, or what else opening does.
        public var description: String {
            switch self {
            case .none: "nothing: the store is at the container's version"
            case .reconcile: "create missing tables and columns, and record the version"
            case .migrate(let path): path.steps.map(\.description).joined(separator: "\n")
            }
        }
    }

    public let plan: any SchemaMigrationPlan.Type
    public let target: Schema
    public let dialect: any SQLDialect

    public init(plan: any SchemaMigrationPlan.Type, target: Schema, dialect: any SQLDialect) {
        self.plan = plan
        self.target = target
        self.dialect = dialect
    }

    /// What opening the database behind `connection` needs. Only reads.
    /// - Throws: ``SwiftDataError/backwardMigration``, ``SwiftDataError/unknownSchema``,
    ///   ``SwiftDataError/schemaMismatch`` (see ``MigrationPath``).
    public func work(on connection: some SQLMigrationConnection) throws -> Work {
        let record = try SQLSchemaVersionRecord.read(on: connection, dialect: dialect)
        guard let version = try record?.version ?? storedVersion(on: connection) else { return .reconcile }
        let path = try MigrationPath(plan: plan, from: version, to: target)
        if !path.steps.isEmpty { return .migrate(path) }
        let tables = try SchemaTables(schema: target, dialect: dialect)
        let inLine = try SQLSchemaReconciler(tables: tables, connection: connection).requiredChanges().isEmpty
        return try inLine && record == targetRecord() ? .none : .reconcile
    }

    /// The version of a database that records none: `nil` when it has none of the plan's
    /// tables (new), else the newest version whose tables it has exactly, else the newest it
    /// can reach by additive changes.
    private func storedVersion(on connection: some SQLMigrationConnection) throws -> Schema.Version? {
        let candidates = try MigrationPath.candidates(in: plan, upTo: target)
        var reachable: Schema.Version?
        var anyTable = false
        for schema in candidates {
            let tables = try SchemaTables(schema: schema, dialect: dialect)
            for table in tables.tables where try connection.hasTable(table.name, dialect: dialect) { anyTable = true }
            guard let changes = try? SQLSchemaReconciler(tables: tables, connection: connection).requiredChanges() else { continue }
            if changes.isEmpty { return schema.version }
            reachable = reachable ?? schema.version
        }
        guard anyTable else { return nil }
        guard let reachable else {
            throw SwiftDataError.schemaMismatch.with("the database's tables match no version of the migration plan \(plan)")
        }
        return reachable
    }

    /// The actions each step of `path` runs, for a dry run.
    /// - Throws: as ``SQLStageMigration/init(from:to:dialect:)``.
    public func actions(of path: MigrationPath) throws -> [(step: MigrationPath.Step, actions: [SQLMigrationAction])] {
        try path.steps.map { ($0, try SQLStageMigration(from: $0.from, to: $0.to, dialect: dialect).actions) }
    }

    /// Brings the database to the container's schema, inside the caller's (write) transaction,
    /// and records the version. `storeIdentifier` names the store in the identifiers custom
    /// stages' contexts see; their saves go into the history as `history` says, like any save's.
    /// - Throws: as ``work(on:)``; what a stage's closures or statements throw. The caller
    ///   rolls back, so nothing is changed.
    public func migrate(on connection: some SQLMigrationConnection, storeIdentifier: String, history: SQLMigrationHistory = .none) throws {
        let work = try work(on: connection)
        if case .migrate(let path) = work {
            let session = SQLMigrationSession(connection: connection, dialect: dialect, storeIdentifier: storeIdentifier, history: history)
            for step in path.steps {
                if let willMigrate = step.stage.willMigrate { try willMigrate(try context(step.from, session)) }
                for action in try SQLStageMigration(from: step.from, to: step.to, dialect: dialect).actions {
                    try action.run(on: connection, dialect: dialect)
                }
                if let didMigrate = step.stage.didMigrate { try didMigrate(try context(step.to, session)) }
            }
        }
        if case .none = work { return }
        try SQLSchemaReconciler(tables: try SchemaTables(schema: target, dialect: dialect), connection: connection).reconcile()
        try targetRecord().write(on: connection, dialect: dialect)
    }

    /// The record of the container's version: the plan's version its models are.
    private func targetRecord() throws -> SQLSchemaVersionRecord {
        SQLSchemaVersionRecord(version: try MigrationPath.version(of: target, in: plan), fingerprint: target.fingerprint)
    }

    private func context(_ schema: Schema, _ session: SQLMigrationSession) throws -> ModelContext {
        ModelContext(try ModelContainer(for: schema, configurations: [SQLMigrationConfiguration(schema: schema, session: session)]))
    }
}
