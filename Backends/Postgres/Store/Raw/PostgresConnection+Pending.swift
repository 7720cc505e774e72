internal import CLibPQ

/// What a transaction holds back to send with its next statement, in one libpq pipeline: its
/// `BEGIN` (``PostgresConnection/begin(_:)``) and its row checks
/// (``PostgresConnection/requireRow(_:_:otherwise:)``). Each held-back group costs no round
/// trip of its own, and a transaction that ends before its first statement never reaches the server.
struct PendingStatements {
    /// A query that must return a row, and the error for when it returns none.
    struct RowCheck {
        let sql: String
        let parameters: [PostgresParameter]
        let missing: @Sendable () -> any Error
    }

    /// The `BEGIN …` of a transaction the server has not started yet.
    var begin: String?
    var checks: [RowCheck] = []

    var isEmpty: Bool { begin == nil && checks.isEmpty }

    /// The statements to send, in order: `BEGIN` as text, the checks by prepared name.
    var statements: [PipelinedStatement] {
        (begin.map { [PipelinedStatement(sql: $0, parameters: [], prepared: false)] } ?? [])
            + checks.map { PipelinedStatement(sql: $0.sql, parameters: $0.parameters, prepared: true) }
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
    /// ``runPendingRowChecks()`` before committing. Behind a transaction-pooling proxy (no
    /// ``namedStatements``) it runs at once.
    /// - Throws: when it runs at once, `missing()` or as ``execute(_:_:)``.
    func requireRow(_ sql: String, _ parameters: [PostgresParameter], otherwise missing: @escaping @Sendable () -> any Error) throws {
        guard namedStatements else {
            if try execute(sql, parameters).rowCount == 0 { throw missing() }
            return
        }
        pending.checks.append(PendingStatements.RowCheck(sql: sql, parameters: parameters, missing: missing))
    }

    /// Runs the row checks still held back, if any (with a held-back `BEGIN`), in one round trip.
    /// - Throws: as ``sendPending()``.
    func runPendingRowChecks() throws {
        guard !pending.checks.isEmpty else { return }
        try sendPending()
    }

    /// Ends the transaction: `COMMIT`, or `ROLLBACK` when `commit` is `false` (which drops
    /// held-back row checks); nothing to send when no statement ran in it. Neither is stopped
    /// by the call's cancellation: a commit's outcome must be known, and a rollback ends a
    /// cancelled transaction (``refuseIfCancelled()`` before committing refuses a cancelled one).
    /// - Throws: as ``execute(_:_:)``.
    func endTransaction(commit: Bool) throws {
        precondition(!commit || pending.checks.isEmpty, "run the held-back row checks (runPendingRowChecks) before COMMIT")
        transactionReachedServer = false
        let started = pending.begin == nil
        pending = PendingStatements()
        guard started else { return }
        _ = try ignoringCancellation { try execute(commit ? "COMMIT" : "ROLLBACK") }
    }

    /// Sends the held-back statements on their own, in one round trip.
    /// - Throws: `BEGIN`'s or a check's error; a failed check's `missing()`.
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
        // Not skipped: only a failed `BEGIN` or check skips what follows, and `settle` threw for it.
        return try outcomes.last!!.get()
    }

    /// Throws the first failure among the outcomes of `held`'s statements, in order: `BEGIN`'s
    /// error, a check's error, or a check's `missing()` for a query that returned no row.
    private func settle(_ held: PendingStatements, _ outcomes: ArraySlice<Result<PostgresResult, any Error>?>) throws {
        var outcome = outcomes.makeIterator()
        if held.begin != nil {
            _ = try outcome.next()!!.get()
            transactionReachedServer = true
        }
        for check in held.checks {
            guard let result = outcome.next()! else { continue }
            if try result.get().rowCount == 0 { throw check.missing() }
        }
    }
}
