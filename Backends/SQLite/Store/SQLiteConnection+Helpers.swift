import StrataCore

extension SQLiteConnection {
    /// Runs a write statement through the statement cache and returns how many rows it changed.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    func run(_ sql: String, binds: [PersistentValue]) throws -> Int {
        try execute(sql, binds: binds)
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
