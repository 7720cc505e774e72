import StrataCore

/// What a migration needs from a connection beyond ``SQLConnection``: keeping each table's key
/// source (a counter, a sequence) in step with the tables.
public protocol SQLMigrationConnection: SQLConnection {
    /// Makes sure keys can be minted for new rows of `table`, created by the migration.
    func prepareKeys(for table: String) throws
    /// Continues the keys of `table` under its new name `renamed`, so a key is never handed out twice.
    func renameKeys(of table: String, to renamed: String) throws
    /// Forgets the key source of a table the migration dropped.
    func dropKeys(of table: String) throws
}
