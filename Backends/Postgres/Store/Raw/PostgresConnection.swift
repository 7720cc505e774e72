internal import CLibPQ

/// One open libpq connection to a PostgreSQL database.
///
/// Every statement runs through the extended query protocol (`PQsendQueryParams`,
/// `PQsendQueryPrepared`, answers awaited with a deadline: ``nextResult(_:sql:)``), so a statement's text is never split into several statements and values
/// always travel as binds, and asks for results in binary format. Every connection uses
/// `client_encoding` UTF8 and `TimeZone` UTC (two settings pgbouncer keeps per client, so they
/// hold behind it too), and drops the server's notices instead of printing them to stderr.
///
/// ```swift
/// let connection = try PostgresConnection(conninfo: "postgres://strata@127.0.0.1:5432/strata")
/// _ = try connection.execute("CREATE TABLE trip(name text)")
/// _ = try connection.execute("INSERT INTO trip(name) VALUES ($1)", [try PostgresParameter(.string("Lisbon"))])
/// let result = try connection.execute("SELECT name FROM trip")
/// let name = result.persistentValue(row: 0, column: 0, as: .string)
/// ```
///
/// libpq connections are not thread-safe: use one from one thread at a time. It is
/// `@unchecked Sendable` so a pool can hand it from thread to thread.
final class PostgresConnection: @unchecked Sendable {
    /// The `PGconn` handle; `nil` once closed.
    private(set) var handle: OpaquePointer?
    /// Whether errors keep rendered bound values for ``PostgresError/debugDescription``.
    let debugBindValues: Bool
    /// Whether statements are prepared under names the server keeps for the session; `false`
    /// behind a transaction-pooling proxy (pgbouncer), where every statement is unnamed.
    let namedStatements: Bool
    /// The server-side prepared statements of ``executePrepared(_:_:)`` and ``pipeline(_:_:)``.
    var statements: PostgresStatementCache
    /// Called with the text of every statement the caller runs (never bound values; not the
    /// `PREPARE`/`DEALLOCATE` the statement cache does on its own).
    var trace: (@Sendable (String) -> Void)?
    /// The `BEGIN` of ``begin(_:)`` and the row checks of ``requireRow(_:_:otherwise:)``, until
    /// they go out with the transaction's next statement.
    var pending = PendingStatements()
    /// Whether the server has started the transaction ``begin(_:)`` opened: `false` until its
    /// `BEGIN` was acknowledged, with the first statement. A connection lost before then wrote nothing.
    var transactionReachedServer = false
    /// The call running on the connection, whose cancellation it watches; `nil` for none.
    var interruption: PostgresInterruption?
    /// The longest the connection waits for the server's answer to one statement before it
    /// closes and throws ``PostgresError/Kind/responseTimeout``; `nil` waits as long as it takes.
    var responseTimeout: Duration?
    /// Whether the running call may be stopped by its cancellation now (not in `COMMIT` or `ROLLBACK`).
    var cancellable = true

    /// Connects with a libpq connection string or `postgres://` URI
    /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>).
    /// - Parameters:
    ///   - debugBindValues: keep rendered bound values in errors, for ``PostgresError/debugDescription``.
    ///     Never turn this on where error text reaches logs others can read.
    ///   - statementCacheCapacity: how many prepared statements the connection keeps.
    ///   - namedStatements: `false` to send every statement unnamed, as a transaction-pooling
    ///     proxy needs (each statement may reach another server connection).
    /// - Throws: ``PostgresError`` — ``PostgresError/Kind/connectionLost`` when the server cannot
    ///   be reached, ``PostgresError/Kind/authenticationFailed`` when it refuses the role or asks
    ///   for a password none was given, ``PostgresError/Kind/tlsFailed`` when TLS cannot be set
    ///   up as `sslmode` requires,
    ///   ``PostgresError/Kind/invalidConfiguration`` for a malformed connection string.
    init(conninfo: String, debugBindValues: Bool = false, statementCacheCapacity: Int = 128, namedStatements: Bool = true) throws {
        guard !conninfo.utf8.contains(0) else {
            throw PostgresError(kind: .invalidConfiguration, message: "a connection string cannot hold NUL", sql: nil)
        }
        guard let connection = PQconnectdb(conninfo) else {
            throw PostgresError(kind: .connectionLost, message: "libpq could not allocate a connection", sql: nil)
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.message(of: connection)
            let kind = PQconnectionNeedsPassword(connection) != 0 ? .authenticationFailed : Self.kindOfConnectFailure(message)
            PQfinish(connection)
            throw PostgresError(kind: kind, message: message, sql: nil)
        }
        guard PQsetClientEncoding(connection, "UTF8") == 0 else {
            let message = Self.message(of: connection)
            PQfinish(connection)
            throw PostgresError(kind: .connectionLost, message: message, sql: nil)
        }
        // Notices ("already exists, skipping") are not errors and must not reach the app's stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.handle = connection
        self.debugBindValues = debugBindValues
        self.namedStatements = namedStatements
        self.statements = PostgresStatementCache(capacity: statementCacheCapacity)
        _ = try execute("SET TIME ZONE 'UTC'")
    }

    /// Connects with `settings`.
    /// - Throws: as ``init(conninfo:debugBindValues:statementCacheCapacity:namedStatements:)``.
    convenience init(settings: PostgresConnectionSettings, debugBindValues: Bool = false, namedStatements: Bool = true) throws {
        try self.init(conninfo: settings.conninfo, debugBindValues: debugBindValues, namedStatements: namedStatements)
    }

    deinit { close() }

    /// Closes the connection (the server drops its prepared statements and rolls back an open
    /// transaction); later calls throw ``PostgresError/Kind/misuse``. Closing twice does nothing.
    func close() {
        guard let handle else { return }
        PQfinish(handle)
        self.handle = nil
    }

    /// Whether the connection is open and was healthy when last used. A server-side disconnect
    /// shows only once a statement has tried to use the connection.
    var isAlive: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// The process ID of the server backend serving this connection (0 once closed).
    var backendPID: Int32 { handle.map { PQbackendPID($0) } ?? 0 }

    /// Runs one statement with `parameters` bound to `$1`…`$N` and returns its result.
    ///
    /// The statement is parsed for this call only; see ``executePrepared(_:_:)`` for statements
    /// that run often.
    /// - Throws: ``PostgresError``: the server's error classified by SQLSTATE;
    ///   ``PostgresError/Kind/multipleStatements`` for SQL holding more than one statement;
    ///   ``PostgresError/Kind/misuse`` for empty SQL, `COPY` or a closed connection;
    ///   ``PostgresError/Kind/connectionLost`` when the connection broke.
    func execute(_ sql: String, _ parameters: [PostgresParameter] = []) throws -> PostgresResult {
        let handle = try openHandle(for: sql)
        trace?(sql)
        let sent = try PostgresParameter.withArrays(parameters, sql: sql) { types, values, lengths, formats in
            PQsendQueryParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 1) == 1
        }
        guard sent else { throw connectionError(sql: sql, parameters: parameters) }
        return try checked(try outcome(of: handle, sql: sql), sql: sql, parameters: parameters)
    }

    /// The open handle, or a misuse error naming `sql` once the connection is closed or when
    /// `sql` holds NUL (libpq would silently cut the text there). Held-back statements
    /// (``sendPending()``) are sent first: whatever reaches the server next runs in the transaction.
    /// - Throws: also `CancellationError` once the call was cancelled (``refuseIfCancelled()``).
    func openHandle(for sql: String) throws -> OpaquePointer {
        guard let handle else { throw PostgresError(kind: .misuse, message: "the connection is closed", sql: sql) }
        try refuseIfCancelled()
        try sendPending()
        guard !sql.utf8.contains(0) else {
            throw PostgresError(kind: .misuse, message: "the SQL text holds NUL", sql: sql)
        }
        return handle
    }

    /// libpq's latest message for `connection`, without its trailing newline.
    static func message(of connection: OpaquePointer) -> String {
        var message = String(cString: PQerrorMessage(connection))
        while message.last?.isNewline == true { message.removeLast() }
        return message
    }

    /// Classifies a failed connection attempt by libpq's message, the only report it gives
    /// (best effort: the server words its part in its `lc_messages` language).
    private static func kindOfConnectFailure(_ message: String) -> PostgresError.Kind {
        let authentication = ["authentication failed", "no pg_hba.conf entry", "role \""]
        if authentication.contains(where: message.contains) { return .authenticationFailed }
        if message.contains("timeout expired") { return .connectTimeout }
        let tls = ["SSL was required", "SSL error", "certificate"]
        if tls.contains(where: message.contains) { return .tlsFailed }
        let configuration = ["invalid connection option", "invalid URI", "missing \"=\"", "invalid sslmode", "database \""]
        if configuration.contains(where: message.contains) { return .invalidConfiguration }
        return .connectionLost
    }
}
