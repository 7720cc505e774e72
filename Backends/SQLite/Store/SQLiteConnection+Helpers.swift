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

    /// Runs `body` in a read transaction when it runs several statements that must see one
    /// state (`needed`); a single statement is consistent on its own and skips BEGIN/COMMIT.
    func consistentRead<Result>(needed: Bool, _ body: () throws -> Result) throws -> Result {
        needed ? try transaction(immediate: false, body) : try body()
    }
}

extension SQLiteStatement {
    /// Binds `binds`, runs the statement to completion and resets it for the next use.
    /// - Throws: ``SQLiteError``.
    func run(_ binds: [PersistentValue]) throws {
        defer {
            reset()
            clearBindings()
        }
        try bind(binds)
        while try step() {}
    }

    /// Binds parameter `i` (1-based) to `value(i)` for every parameter, runs the statement to
    /// completion and resets it; binds values without collecting them into an array first.
    /// Bindings are not cleared: the next use rebinds every parameter.
    /// - Throws: ``SQLiteError``.
    func run(bindingEach value: (_ position: Int32) -> PersistentValue) throws {
        defer { reset() }
        // A plain loop: `stride(from:through:by:)` over Int32 runs unspecialized here.
        var position: Int32 = 1
        while position <= parameterCount {
            try bind(value(position), at: position)
            position += 1
        }
        while try step() {}
    }
}
