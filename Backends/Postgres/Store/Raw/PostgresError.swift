import StrataSQL

/// An error reported by PostgreSQL or libpq, or by the raw layer refusing a request before the
/// server sees it.
///
/// Match on ``kind`` for a specific failure and on ``category`` for a portable decision
/// (retry, report a constraint, reconnect, give up):
///
/// ```swift
/// do { _ = try connection.execute("INSERT INTO trip(name) VALUES ($1)", [try PostgresParameter(.string("Lisbon"))]) }
/// catch let error as PostgresError where error.kind == .uniqueViolation { … }
/// catch let error as PostgresError where error.isRetryable { … }
/// ```
///
/// ``description`` carries the SQLSTATE, the server's primary message and the SQL text, never
/// bound values; ``debugDescription`` adds the server's detail and the bound values only for a
/// connection opened with `debugBindValues: true`.
/// See <https://www.postgresql.org/docs/current/errcodes-appendix.html> for the SQLSTATE codes.
public struct PostgresError: SQLBackendError, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// The five-character SQLSTATE the server reported; `nil` for failures detected by libpq or
    /// the raw layer.
    public let sqlState: String?
    /// The server's primary message (or libpq's, or the raw layer's own explanation).
    ///
    /// For a few data errors (SQLSTATE class 22) the server quotes the offending input here,
    /// so ``description`` shortens such messages.
    public let message: String
    /// The server's detail message, which may quote row values (`Key (email)=(…) already exists.`).
    public let detail: String?
    /// The SQL text being run, when there was one, in full (``description`` shortens a long
    /// one). Bound values are never part of it.
    public let sql: String?
    /// The bound values, rendered, only when the connection was opened with `debugBindValues: true`.
    let binds: [String]?

    /// The portable category of ``kind``, shared by every SQL backend.
    public var category: SQLErrorCategory { kind.category }

    /// Whether running the whole transaction again may succeed (serialization failure, deadlock).
    public var isRetryable: Bool { category == .retryable }

    /// An error with every field given; `binds` must be `nil` unless the connection is in debug mode.
    init(
        kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, sql: String?,
        binds: [String]? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.sql = sql
        self.binds = binds
    }

    /// The kind, SQLSTATE, primary message and SQL text (its first
    /// ``SQLStatement/describedTextLength`` characters); never bound values or the server's detail.
    public var description: String {
        var text = "PostgreSQL error \(sqlState.map { $0 + " " } ?? "")(\(kind)): \(Self.shortened(message, sqlState: sqlState))"
        if let sql { text += " — in SQL: \(SQLStatement.abbreviated(sql))" }
        return text
    }

    /// ``description`` plus the full message, the server's detail and the bound values, for a
    /// connection opened with `debugBindValues: true`; otherwise the same as ``description``.
    public var debugDescription: String {
        guard let binds else { return description }
        var text = description + " — message: \(message)"
        if let detail { text += " — detail: \(detail)" }
        let rendered = binds.enumerated().map { "$\($0.offset + 1) = \($0.element)" }
        return text + " — binds: [\(rendered.joined(separator: ", "))]"
    }

    /// A data error's message up to its first `": "`: class 22 messages end by quoting the input
    /// (`invalid input syntax for type integer: "abc"`), which may be a bound value.
    private static func shortened(_ message: String, sqlState: String?) -> String {
        guard sqlState?.hasPrefix("22") == true, let colon = message.range(of: ": ") else { return message }
        return message[..<colon.lowerBound] + ": …"
    }
}
