import StrataCore

/// SQLite's catalog, read through its table-valued pragma functions. SQLite runs one writer at a
/// time, so it needs none of the write locks.
extension SQLiteDialect {
    public func columnTypesQuery(of table: String) -> SQLStatement {
        SQLStatement(text: "SELECT \"name\", \"type\" FROM pragma_table_info(?)", binds: [.string(table)])
    }

    public func indexNamesQuery(of table: String) -> SQLStatement? {
        SQLStatement(text: "SELECT \"name\" FROM pragma_index_list(?)", binds: [.string(table)])
    }
}
