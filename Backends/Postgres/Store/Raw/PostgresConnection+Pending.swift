internal import CLibPQ

/// What a transaction holds back to send with its next statement, in one libpq pipeline: its
/// `BEGIN` (``PostgresConnection/begin(_:)``), then its row checks
/// (``PostgresConnection/requireRow(_:_:otherwise:)``) and small writes
/// (``PostgresConnection/holdBack(_:_:)``) in the order they were made. Each held-back group costs
/// no round trip of its own, and a transaction that ends before its first statement never
/// reaches the server.
struct PendingStatements {
    /// A statement held back: a write, whose only answer is success or its error, or a query
    /// that must return a row, with the error for when it returns none.
    struct Held {
        let sql: String
        let parameters: [PostgresParameter]
        /// For a row check: the error when the query returns no row; `nil` for a write.
        let missing: (@Sendable () -> any Error)?
    }

    /// The `BEGIN …` of a transaction the server has not started yet.
    var begin: String?
    /// The checks and writes, in order.
    var held: [Held] = []

    var isEmpty: Bool { begin == nil && held.isEmpty }

    /// The statements to send, in order: `BEGIN` as text, the rest by prepared name.
    var statements: [PipelinedStatement] {
        (begin.map { [PipelinedStatement(sql: $0, parameters: [], prepared: false)] } ?? [])
            + held.map { PipelinedStatement(sql: $0.sql, parameters: $0.parameters, prepared: true) }
    }
}

extension PostgresConnection {
    /// Opens a transaction with `begin` (`BEGIN …`), sent with the next statement
    /// (``executePrepared(_:_:)``); any other call sends it first on its own. Behind a
    /// transaction-pooling proxy (no ``namedStatements``) `BEGIN` is sent at once.
    /// - Throws: as ``execute(_:_:)``, for `BEGIN` sent at once.
    func begin(_ begin: String) throws {
        precondition(pending.begin == nil, "a transaction is already open on this connection")
        pending.begin = begin
        if !namedStatements { try sendPending() }
    }

    /// Fails the transaction with `missing()` unless the query `sql` returns a row. The query
    /// goes out with the transaction's next statement, so that call throws `missing()`; call
    /// ``runHeldStatements()`` before committing. Behind a transaction-pooling proxy (no
    /// ``namedStatements``) it runs at once.
    /// - Throws: when it runs at once, `missing()` or as ``execute(_:_:)``.
    func requireRow(_ sql: String, _ parameters: [PostgresParameter], otherwise missing: @escaping @Sendable () -> any Error) throws {
        guard namedStatements else {
            if try execute(sql, parameters).rowCount == 0 { throw missing() }
            return
        }
        pending.held.append(PendingStatements.Held(sql: sql, parameters: parameters, missing: missing))
    }

    /// Runs the write `sql` with the transaction's next statement, whose call throws its error;
    /// call ``runHeldStatements()`` before committing. Outside a transaction, or behind a
    /// transaction-pooling proxy (no ``namedStatements``), it runs at once.
    /// - Throws: when it runs at once, as ``executePrepared(_:_:)``.
    func holdBack(_ sql: String, _ parameters: [PostgresParameter]) throws {
        guard namedStatements, pending.begin != nil || transactionReachedServer else {
            _ = try executePrepared(sql, parameters)
            return
        }
        pending.held.append(PendingStatements.Held(sql: sql, parameters: parameters, missing: nil))
    }

    /// Runs the row checks and writes still held back, if any (with a held-back `BEGIN`), in one
    /// round trip.
    /// - Throws: as ``sendPending()``.
    func runHeldStatements() throws {
        guard !pending.held.isEmpty else { return }
        try sendPending()
    }

    /// Ends the transaction: `COMMIT`, or `ROLLBACK` when `commit` is `false` (which drops
    /// held-back checks and writes); nothing to send when no statement ran in it. Neither is stopped
    /// by the call's cancellation: a commit's outcome must be known, and a rollback ends a
    /// cancelled transaction (``refuseIfCancelled()`` before committing refuses a cancelled one).
    /// - Throws: as ``execute(_:_:)``.
    func endTransaction(commit: Bool) throws {
        precondition(!commit || pending.held.isEmpty, "run the held-back statements (runHeldStatements) before COMMIT")
        transactionReachedServer = false
        let started = pending.begin == nil
        pending = PendingStatements()
        guard started else { return }
        _ = try ignoringCancellation { try execute(commit ? "COMMIT" : "ROLLBACK") }
    }

    /// Sends the held-back statements on their own, in one round trip.
    /// - Throws: `BEGIN`'s, a check's or a write's error; a failed check's `missing()`.
    func sendPending() throws {
        guard !pending.isEmpty else { return }
        // Refused before the held-back statements are taken: they were never sent.
        try refuseIfCancelled()
        let held = pending
        pending = PendingStatements()
        try settle(held, try runPipeline(held.statements)[...])
    }

    /// ``executePrepared(_:_:)`` with the held-back statements pipelined before it.
    func executeAfterPending(_ sql: String, _ parameters: [PostgresParameter]) throws -> PostgresResult {
        try refuseIfCancelled()
        let held = pending
        pending = PendingStatements()
        let outcomes = try runPipeline(held.statements + [PipelinedStatement(sql: sql, parameters: parameters, prepared: true)])
        try settle(held, outcomes.dropLast())
        // Not skipped: only a failed held-back statement skips what follows, and `settle` threw for it.
        return try outcomes.last!!.get()
    }

    /// Throws the first failure among the outcomes of `held`'s statements, in order: `BEGIN`'s
    /// error, a check's or a write's error, or a check's `missing()` for a query that returned no row.
    private func settle(_ held: PendingStatements, _ outcomes: ArraySlice<Result<PostgresResult, any Error>?>) throws {
        var outcome = outcomes.makeIterator()
        if held.begin != nil {
            _ = try outcome.next()!!.get()
            transactionReachedServer = true
        }
        for statement in held.held {
            guard let result = outcome.next()! else { continue }
            let rows = try result.get().rowCount
            if let missing = statement.missing, rows == 0 { throw missing() }
        }
    }
}
