import StrataCore
import StrataSQL

/// Keys of SQLite tables come from counters in the metadata table (`nextKey.<table>`), which a
/// migration renames and removes with their tables.
extension SQLiteConnection: SQLMigrationConnection {
    func texts(_ statement: SQLStatement) throws -> [String] {
        try query(statement.text, binds: statement.binds) { $0.text(at: 0) }
    }

    /// Nothing to do: a table's counter is created by its first save.
    func prepareKeys(for table: String) throws {}

    func renameKeys(of table: String, to renamed: String) throws {
        try run(
            "UPDATE \"\(SQLiteMetadata.table)\" SET \"key\" = ? WHERE \"key\" = ?",
            binds: [.string("nextKey.\(renamed)"), .string("nextKey.\(table)")])
    }

    func dropKeys(of table: String) throws {
        try run("DELETE FROM \"\(SQLiteMetadata.table)\" WHERE \"key\" = ?", binds: [.string("nextKey.\(table)")])
    }
}
