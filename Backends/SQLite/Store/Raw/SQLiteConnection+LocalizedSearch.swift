import Foundation
internal import CSQLite
import StrataSQL

extension SQLiteConnection {
    /// Registers ``SQLiteDialect/localizedStandardContainsFunction`` on `handle`: Foundation's
    /// `localizedStandardContains`, called from SQL, so a search that ignores case and diacritics
    /// runs in the database and answers exactly as Swift (SQLite's `lower` and `LIKE` fold ASCII
    /// letters only). Direct-only, so no schema object (view, trigger, index) can depend on it and a
    /// database file stays readable without Strata
    /// (<https://www.sqlite.org/c3ref/create_function.html>).
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    static func registerLocalizedSearch(on handle: OpaquePointer) throws {
        let code = sqlite3_create_function_v2(
            handle, SQLiteDialect.localizedStandardContainsFunction.description, 2,
            SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil, localizedStandardContains, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: handle, sql: nil) }
    }
}

/// The function's body: 1 when the first argument contains the second as Foundation's
/// `localizedStandardContains` says, else 0; NULL when either is NULL.
private func localizedStandardContains(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 2, let arguments, let haystack = text(arguments[0]), let needle = text(arguments[1]) else {
        sqlite3_result_null(context)
        return
    }
    sqlite3_result_int(context, haystack.localizedStandardContains(needle) ? 1 : 0)
}

/// An argument's text, with its byte length so embedded NULs stay; `nil` for NULL.
private func text(_ value: OpaquePointer?) -> String? {
    guard sqlite3_value_type(value) != SQLITE_NULL else { return nil }
    // `sqlite3_value_text` first: it may convert the value, which `sqlite3_value_bytes` then measures.
    guard let start = sqlite3_value_text(value) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
}
