internal import CLibPQ

extension PostgresConnection {
    /// Wraps a result that completed a command, or throws what it reports.
    ///
    /// A `nil` result (libpq could not send or read) becomes ``PostgresError/Kind/connectionLost``
    /// when the connection is bad; a `COPY` is abandoned so the connection stays usable.
    /// - Throws: ``PostgresError`` for every status but `PGRES_COMMAND_OK` and `PGRES_TUPLES_OK`.
    func checked(_ result: OpaquePointer?, sql: String, parameters: [PostgresParameter]) throws -> PostgresResult {
        guard let result else { throw connectionError(sql: sql, parameters: parameters) }
        let wrapped = PostgresResult(handle: result)
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return wrapped
        case PGRES_EMPTY_QUERY:
            throw PostgresError(
                kind: .misuse, message: "the SQL text holds no statement", sql: sql, binds: rendered(parameters))
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            abandonCopy(status)
            throw PostgresError(
                kind: .misuse, message: "COPY is not supported by the raw PostgreSQL layer", sql: sql,
                binds: rendered(parameters))
        default:
            throw error(from: result, sql: sql, parameters: parameters)
        }
    }

    /// The error a failed result reports, classified by its SQLSTATE, or as
    /// ``PostgresError/Kind/connectionLost`` whenever the connection has gone bad.
    func error(from result: OpaquePointer, sql: String, parameters: [PostgresParameter]) -> PostgresError {
        let sqlState = Self.field(result, strata_pq_diag_sqlstate())
        var message = Self.field(result, strata_pq_diag_message_primary()) ?? String(cString: PQresultErrorMessage(result))
        while message.last?.isNewline == true { message.removeLast() }
        var kind = sqlState.map(PostgresError.Kind.classify) ?? .other
        if let handle, PQstatus(handle) == CONNECTION_BAD {
            kind = .connectionLost
        } else if kind == .syntaxError, message == "cannot insert multiple commands into a prepared statement" {
            // The server's refusal of a second statement in the extended protocol.
            kind = .multipleStatements
            message = "the SQL text holds more than one statement; the raw layer runs exactly one"
        }
        return PostgresError(
            kind: kind, sqlState: sqlState, message: message, detail: Self.field(result, strata_pq_diag_message_detail()),
            sql: sql, binds: rendered(parameters))
    }

    /// The error for a call libpq refused or could not complete, from the connection's message.
    func connectionError(sql: String, parameters: [PostgresParameter]) -> PostgresError {
        guard let handle else { return PostgresError(kind: .misuse, message: "the connection is closed", sql: sql) }
        let kind: PostgresError.Kind = PQstatus(handle) == CONNECTION_BAD ? .connectionLost : .misuse
        return PostgresError(kind: kind, message: Self.message(of: handle), sql: sql, binds: rendered(parameters))
    }

    /// The bound values for an error, only in debug mode.
    private func rendered(_ parameters: [PostgresParameter]) -> [String]? {
        debugBindValues ? parameters.map(\.rendered) : nil
    }

    /// Ends a `COPY` the statement started: refuses to send data, or reads and drops what the
    /// server sends, then consumes the remaining results.
    private func abandonCopy(_ status: ExecStatusType) {
        guard let handle else { return }
        if status == PGRES_COPY_OUT {
            var buffer: UnsafeMutablePointer<CChar>?
            while PQgetCopyData(handle, &buffer, 0) >= 0 {
                PQfreemem(buffer)
            }
        } else {
            PQputCopyEnd(handle, "COPY is not supported by the raw PostgreSQL layer")
        }
        while let rest = PQgetResult(handle) {
            PQclear(rest)
        }
    }

    /// A diagnostic field of an error result (`PQresultErrorField`), `nil` when absent.
    private static func field(_ result: OpaquePointer, _ code: Int32) -> String? {
        PQresultErrorField(result, code).map { String(cString: $0) }
    }
}
