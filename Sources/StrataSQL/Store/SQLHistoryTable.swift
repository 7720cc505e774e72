import StrataCore

/// The store's history (``HistoryRecording``): one row per saved transaction in
/// `_strata_history`, its number (`token`) and the payload text, written inside the save's own
/// transaction so history is exactly as durable as the data. Numbers come from the table's key
/// source; the dialect's ``SQLDialect/historyLock(exclusively:)`` makes a reader see them in commit order
/// (a follower asking for numbers above the last it saw never misses one).
public enum SQLHistoryTable {
    public static let name = "_strata_history"

    /// Whether the database has the table.
    /// - Throws: the connection's errors.
    public static func exists(on connection: some SQLConnection, dialect: any SQLDialect) throws -> Bool {
        try connection.hasTable(name, dialect: dialect)
    }

    /// Creates the table (and its key source) when missing.
    /// - Throws: the connection's errors.
    public static func create(on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws {
        if try !exists(on: connection, dialect: dialect) {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("CREATE TABLE IF NOT EXISTS ")
            serializer.write(identifier: name)
            serializer.write(" (\"token\" ")
            serializer.write(dialect.keyColumnType)
            serializer.write(" PRIMARY KEY, \"payload\" ")
            serializer.write(dialect.columnType(for: .string))
            serializer.write(" NOT NULL)")
            try connection.run(serializer.statement)
        }
        try connection.prepareKeys(for: name)
    }

    /// Records one transaction; call inside the save's write transaction, last, so a reader of
    /// the history waits for it as briefly as possible.
    /// - Returns: the transaction's number.
    /// - Throws: the connection's errors.
    public static func append(_ payload: String, on connection: some SQLConnection, dialect: any SQLDialect) throws -> Int64 {
        if let statement = dialect.appendHistory(payload) {
            guard let token = try connection.integers(statement).first else {
                throw SwiftDataError.historyNotRecorded.with("recording a history transaction returned no number (\(statement.text))")
            }
            return token
        }
        try connection.lockHistory(exclusively: false, dialect: dialect)
        let token = try connection.newKeys(1, for: name)[0]
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("INSERT INTO ")
        serializer.write(identifier: name)
        serializer.write(" (\"token\", \"payload\") VALUES (")
        serializer.write(bind: .integer(token))
        serializer.write(", ")
        serializer.write(bind: .string(payload))
        serializer.write(")")
        try connection.run(serializer.statement)
        return token
    }

    /// Marks, last in a write's transaction, that the write is not recorded: a record holding
    /// ``HistoryDraft/unrecordedPayload`` under a new number, which replaces the latest record
    /// when that is a marker too, so a stretch of unrecorded writes leaves one.
    /// - Throws: the connection's errors.
    public static func appendGap(on connection: some SQLConnection, dialect: any SQLDialect) throws {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DELETE FROM ")
        serializer.write(identifier: name)
        serializer.write(" WHERE \"payload\" = ")
        serializer.write(bind: .string(HistoryDraft.unrecordedPayload))
        serializer.write(" AND \"token\" = (SELECT MAX(\"token\") FROM ")
        serializer.write(identifier: name)
        serializer.write(")")
        try connection.run(serializer.statement)
        _ = try append(HistoryDraft.unrecordedPayload, on: connection, dialect: dialect)
    }

    /// The transactions numbered above `token` (all when `nil`), in number order. Call inside a
    /// transaction (it takes the history lock exclusively), on a database that has the table: the
    /// store learns that once, when it opens.
    /// - Throws: the connection's errors.
    public static func records(after token: Int64?, on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws -> [HistoryRecord] {
        try connection.lockHistory(exclusively: true, dialect: dialect)
        // One text column, "number payload", so one query reads both.
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT CAST(\"token\" AS TEXT) || ' ' || \"payload\" FROM ")
        serializer.write(identifier: name)
        if let token {
            serializer.write(" WHERE \"token\" > ")
            serializer.write(bind: .integer(token))
        }
        serializer.write(" ORDER BY \"token\"")
        return try connection.texts(serializer.statement).compactMap { row in
            guard let space = row.firstIndex(of: " "), let number = Int64(row[..<space]) else { return nil }
            return HistoryRecord(token: number, payload: String(row[row.index(after: space)...]))
        }
    }

    /// The number of the latest transaction; `nil` when none is recorded. Call inside a
    /// transaction, on a database that has the table.
    /// - Throws: the connection's errors.
    public static func latest(on connection: some SQLConnection, dialect: any SQLDialect) throws -> Int64? {
        try connection.lockHistory(exclusively: true, dialect: dialect)
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT \"token\" FROM ")
        serializer.write(identifier: name)
        serializer.write(" ORDER BY \"token\" DESC LIMIT 1")
        return try connection.integers(serializer.statement).first
    }

    /// Deletes the transactions with these numbers.
    /// - Throws: the connection's errors.
    public static func delete(_ tokens: [Int64], on connection: some SQLConnection, dialect: any SQLDialect) throws {
        for chunk in stride(from: 0, to: tokens.count, by: 1_000).map({ tokens[$0..<min($0 + 1_000, tokens.count)] }) {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("DELETE FROM ")
            serializer.write(identifier: name)
            serializer.write(" WHERE \"token\" IN (")
            serializer.write(chunk) { $0.write(bind: .integer($1)) }
            serializer.write(")")
            try connection.run(serializer.statement)
        }
    }
}
