import StrataCore
import StrataSQL

/// Keys of PostgreSQL tables come from one sequence per table (`"<table>_pk_seq"`), which a
/// migration creates, renames and drops with its table, inside the migration's transaction.
extension PostgresConnection: SQLMigrationConnection {
    func prepareKeys(for table: String) throws {
        _ = try execute("CREATE SEQUENCE IF NOT EXISTS \(quoted(PostgresKeySequences.name(of: table)))")
    }

    /// The sequence of the new name may exist already, created unused when the store opened;
    /// it gives way to the renamed table's own.
    func renameKeys(of table: String, to renamed: String) throws {
        _ = try execute("DROP SEQUENCE IF EXISTS \(quoted(PostgresKeySequences.name(of: renamed)))")
        _ = try execute(
            "ALTER SEQUENCE IF EXISTS \(quoted(PostgresKeySequences.name(of: table))) RENAME TO \(quoted(PostgresKeySequences.name(of: renamed)))")
    }

    func dropKeys(of table: String) throws {
        _ = try execute("DROP SEQUENCE IF EXISTS \(quoted(PostgresKeySequences.name(of: table)))")
    }

    private func quoted(_ name: String) -> String { PostgresDialect().quote(name) }
}
