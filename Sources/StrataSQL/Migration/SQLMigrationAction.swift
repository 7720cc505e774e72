import StrataCore

/// One change a migration stage makes to one table, as SQL: what `strata migrate --dry-run`
/// prints and what ``SQLMigrator`` runs.
public struct SQLMigrationAction: Sendable, CustomStringConvertible {
    /// What happens to a table's key source (counter or sequence).
    public enum KeyChange: Sendable, Hashable {
        case prepare(String)
        case rename(String, to: String)
        case drop(String)
    }

    /// A sentence: `rebuild table Gizmo (rename name → title)`.
    public let summary: String
    /// The statements, in order.
    public let statements: [SQLStatement]
    /// The key source change, run after the statements.
    public let keys: KeyChange?
    /// Columns (table, column) of required attributes that must hold a value in every row
    /// once the statements ran; a row without one fails the migration.
    public let requiredColumns: [(table: String, column: String)]

    init(_ summary: String, _ statements: [SQLStatement], keys: KeyChange? = nil, requiredColumns: [(table: String, column: String)] = []) {
        self.summary = summary
        self.statements = statements
        self.keys = keys
        self.requiredColumns = requiredColumns
    }

    /// The summary and each statement on its own line.
    public var description: String {
        ([summary] + statements.map { "  " + $0.text + ";" }).joined(separator: "\n")
    }

    /// Runs the action inside the caller's transaction.
    /// - Throws: the connection's errors; ``SwiftDataError/missingValue`` when a required column
    ///   is empty in some row.
    func run(on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws {
        for statement in statements { try connection.run(statement) }
        switch keys {
        case .prepare(let table): try connection.prepareKeys(for: table)
        case .rename(let table, let renamed): try connection.renameKeys(of: table, to: renamed)
        case .drop(let table): try connection.dropKeys(of: table)
        case nil: break
        }
        for (table, column) in requiredColumns {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("SELECT count(*) FROM ")
            serializer.write(identifier: table)
            serializer.write(" WHERE ")
            serializer.write(identifier: column)
            serializer.write(" IS NULL")
            let missing = try connection.integers(serializer.statement).first ?? 0
            guard missing == 0 else {
                throw SwiftDataError.missingValue.with(
                    "\(missing) rows of \(table) have no \(column), which the new version requires; give it a default or set it in willMigrate",
                    entity: table, property: column)
            }
        }
    }
}
