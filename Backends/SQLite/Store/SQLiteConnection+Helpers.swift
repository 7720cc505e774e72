import StrataCore

extension SQLiteConnection {
    /// Runs a statement that returns rows and maps each row.
    /// - Throws: ``SQLiteError``.
    func rows<Row>(_ sql: String, binds: [PersistentValue] = [], _ map: (SQLiteStatement) throws -> Row) throws -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(binds)
        var rows: [Row] = []
        while try statement.step() { rows.append(try map(statement)) }
        return rows
    }

    /// Runs a write statement through the statement cache and returns how many rows it changed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    func run(_ sql: String, binds: [PersistentValue]) throws -> Int {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(binds)
        while try statement.step() {}
        return changes
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// A failed rollback never hides the error that caused it.
    /// - Throws: what `body` throws, or the error of `BEGIN`/`COMMIT`.
    func transaction<Result>(immediate: Bool = true, _ body: () throws -> Result) throws -> Result {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
