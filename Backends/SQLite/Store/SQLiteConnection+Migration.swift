import StrataCore
import StrataSQL

/// Keys of SQLite tables come from counters in the metadata table (`nextKey.<table>`), which a
/// migration renames and removes with their tables.
extension SQLiteConnection: SQLMigrationConnection {
    /// Nothing to do: a table's counter is created by its first save.
    func prepareKeys(for table: String) throws {}

    func renameKeys(of table: String, to renamed: String) throws {
        try run(
            "UPDATE \"\(SQLMetadataTable.name)\" SET \"key\" = ? WHERE \"key\" = ?",
            binds: [.string("nextKey.\(renamed)"), .string("nextKey.\(table)")])
    }

    func dropKeys(of table: String) throws {
        try run("DELETE FROM \"\(SQLMetadataTable.name)\" WHERE \"key\" = ?", binds: [.string("nextKey.\(table)")])
    }
}
