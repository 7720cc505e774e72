import Foundation
internal import CSQLite

/// One prepared SQLite statement: bind values, step through rows, read columns.
///
/// Column indices are zero-based, as in SQLite's C API. The statement is finalized when the
/// last reference goes away; it may outlive its ``SQLiteConnection`` (SQLite keeps the closed
/// connection alive until its last statement is finalized).
/// Not thread-safe: use it on one thread at a time, like its connection.
final class SQLiteStatement {
    /// The `sqlite3_stmt` handle.
    let handle: OpaquePointer
    /// The SQL text this statement was prepared from.
    let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        // The code repeats the last step's error, which step() already threw.
        sqlite3_finalize(handle)
    }

    /// The number of parameters the SQL declares (the highest `?NNN` index).
    var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Runs the statement to its next row.
    /// - Returns: `true` when a row is available, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` with SQLite's code and message.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    ///
    /// `sqlite3_reset` returns the error of the last failed step, which ``step()`` already
    /// threw, so there is nothing left to report here.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL (`sqlite3_clear_bindings` always succeeds).
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// The number of columns in each result row.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether the current row holds NULL in `column`.
    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer, converted by SQLite's rules (NULL reads as 0).
    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column as a double, converted by SQLite's rules (NULL reads as 0.0).
    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as UTF-8 text of its full byte length, so embedded NULs are kept (NULL reads as "").
    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes; a zero-length blob and NULL both read as empty `Data`.
    func blob(at column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The error for a failed call on this statement, with the connection's message and the SQL.
    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, handle: sqlite3_db_handle(handle), sql: sql)
    }
}
