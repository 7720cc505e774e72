internal import CLibPQ

/// `BEGIN` sent together with the transaction's first statement, in one pipeline: a
/// transaction costs one round trip fewer. A transaction that ends before its first statement
/// never reaches the server.
extension PostgresConnection {
    /// Opens a transaction with `begin` (`BEGIN …`), sent with the next statement
    /// (``executePrepared(_:_:)``); any other call sends it first on its own. Behind a
    /// transaction-pooling proxy (no ``namedStatements``) `BEGIN` is sent at once.
    /// - Throws: as ``execute(_:_:)``, for `BEGIN` sent at once.
    func begin(_ begin: String) throws {
        precondition(pendingBegin == nil, "a transaction is already open on this connection")
        pendingBegin = begin
        if !namedStatements { try sendPendingBegin() }
    }

    /// Ends the transaction: `COMMIT`, or `ROLLBACK` when `commit` is `false`; nothing to send
    /// when no statement ran in it.
    /// - Throws: as ``execute(_:_:)``.
    func endTransaction(commit: Bool) throws {
        transactionReachedServer = false
        guard pendingBegin == nil else {
            pendingBegin = nil
            return
        }
        _ = try execute(commit ? "COMMIT" : "ROLLBACK")
    }

    /// Sends the pending `BEGIN`, if any, on its own.
    /// - Throws: as ``execute(_:_:)``.
    func sendPendingBegin() throws {
        guard let begin = pendingBegin else { return }
        pendingBegin = nil
        _ = try execute(begin)
        transactionReachedServer = true
    }

    /// ``executePrepared(_:_:)`` with the pending `BEGIN` pipelined before it.
    func executePrepared(after begin: String, _ sql: String, _ parameters: [PostgresParameter]) throws -> PostgresResult {
        pendingBegin = nil
        let handle = try openHandle(for: sql)
        let name = try preparedStatement(sql, types: parameters.map(\.type))
        trace?(begin)
        trace?(sql)
        guard PQenterPipelineMode(handle) == 1 else { throw connectionError(sql: begin, parameters: []) }
        // Leaving fails only with results left unread, which happens only on a broken connection.
        defer { PQexitPipelineMode(handle) }
        // Nothing is sent until the parameters are encoded, which may throw.
        let sent = try PostgresParameter.withArrays(parameters, sql: sql) { _, values, lengths, formats in
            PQsendQueryParams(handle, begin, 0, nil, nil, nil, nil, 1) == 1
                && PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 1) == 1
                && PQpipelineSync(handle) == 1
        }
        guard sent else { throw connectionError(sql: sql, parameters: parameters) }
        let (beginResult, result) = try pipelinedPair(handle, sql: sql)
        _ = try checked(beginResult, sql: begin, parameters: [])
        transactionReachedServer = true
        return try checked(result, sql: sql, parameters: parameters)
    }

    /// The results of two pipelined statements, read up to their sync point (a statement after
    /// a failed one reports `PGRES_PIPELINE_ABORTED`).
    /// - Throws: ``PostgresError`` when the connection broke before the sync point.
    private func pipelinedPair(_ handle: OpaquePointer, sql: String) throws -> (OpaquePointer?, OpaquePointer?) {
        var results: [OpaquePointer] = []
        do {
            try readPipelineResults(handle, sql: sql) { results.append($0) }
        } catch {
            results.forEach { PQclear($0) }
            throw error
        }
        guard results.count == 2 else {
            results.forEach { PQclear($0) }
            throw connectionError(sql: sql, parameters: [])
        }
        return (results[0], results[1])
    }
}
