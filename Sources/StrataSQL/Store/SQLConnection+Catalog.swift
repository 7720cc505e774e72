import StrataCore

/// The catalog and the write locks, as the dialect spells them and the connection runs them.
extension SQLConnection {
    /// The declared type of every column of `table`, by name, in the spelling of the dialect's
    /// ``SQLDialect/columnType(for:)``; empty when the table does not exist.
    public func columnTypes(of table: String, dialect: any SQLDialect) throws -> [String: String] {
        var types: [String: String] = [:]
        try forEachRow(dialect.columnTypesQuery(of: table)) { row in
            if let name = row.string(column: 0), let type = row.string(column: 1), types[name] == nil { types[name] = type }
        }
        return types
    }

    /// Whether `table` exists.
    public func hasTable(_ table: String, dialect: any SQLDialect) throws -> Bool {
        try !columnTypes(of: table, dialect: dialect).isEmpty
    }

    /// The names of the indices on `table`; `nil` when the dialect cannot list them.
    public func indexNames(of table: String, dialect: any SQLDialect) throws -> Set<String>? {
        guard let query = dialect.indexNamesQuery(of: table) else { return nil }
        return Set(try texts(query))
    }

    /// Takes the dialect's ``SQLDialect/uniqueValuesLock(of:)`` for `table`, when it has one.
    public func lockUniqueValues(of table: String, dialect: any SQLDialect) throws {
        if let lock = dialect.uniqueValuesLock(of: table) { try run(lock) }
    }

    /// Takes the dialect's ``SQLDialect/historyLock(exclusively:)``, when it has one.
    public func lockHistory(exclusively: Bool, dialect: any SQLDialect) throws {
        if let lock = dialect.historyLock(exclusively: exclusively) { try run(lock) }
    }
}
