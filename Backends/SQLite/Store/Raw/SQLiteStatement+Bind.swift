import Foundation
internal import CSQLite
import StrataCore
import StrataSQL

extension SQLiteStatement {
    /// Binds `values` to parameters `?1`…`?N`, in Strata's persisted form:
    ///
    /// | Value | SQLite |
    /// |---|---|
    /// | `.null` | NULL |
    /// | `.bool` | INTEGER 0 or 1 |
    /// | `.integer`, `.identifier` | INTEGER (the identifier's integer primary key) |
    /// | `.double` | REAL; NaN as the TEXT `'NaN'` (SQLite would store a bound NaN as NULL) |
    /// | `.string` | TEXT, NFC-normalized, with its byte length (embedded NULs kept) |
    /// | `.data` | BLOB with its length; empty `Data` as a zero-length blob, never NULL |
    /// | `.date` | REAL seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`) |
    /// | `.uuid` | 16-byte BLOB |
    /// | `.decimal` | TEXT, `Decimal.description` (always `.` as the separator) |
    ///
    /// - Throws: ``SQLiteError/Kind/misuse`` when the count differs from ``parameterCount``;
    ///   ``SQLiteError/Kind/unbindableValue`` for `.identifiers` or a non-integer identifier.
    func bind(_ values: [PersistentValue]) throws {
        guard values.count == Int(parameterCount) else {
            throw SQLiteError(
                kind: .misuse, message: "the statement has \(parameterCount) parameters but \(values.count) values were given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to parameter `index` (1-based), in the form ``bind(_:)`` documents.
    func bind(_ value: PersistentValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .bool(let value): code = sqlite3_bind_int64(handle, index, value ? 1 : 0)
        case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
        case .double(let value) where value.isNaN: code = bindText("NaN", at: index)
        case .double(let value): code = sqlite3_bind_double(handle, index, value)
        case .string(let value): code = bindText(value.canonicalForm, at: index)
        case .data(let value): code = value.withUnsafeBytes { bindBlob($0, at: index) }
        case .date(let value): code = sqlite3_bind_double(handle, index, value.timeIntervalSinceReferenceDate)
        case .uuid(let value): code = withUnsafeBytes(of: value.uuid) { bindBlob($0, at: index) }
        case .decimal(let value): code = bindText(value.description, at: index)
        case .identifier(let identifier):
            guard let key = identifier.primaryKey.integerValue else {
                throw unbindable("parameter \(index) is an identifier whose primary key is not an integer")
            }
            code = sqlite3_bind_int64(handle, index, key)
        case .identifiers:
            throw unbindable("parameter \(index) is a to-many relationship, which has no column value")
        }
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Binds UTF-8 text with its explicit byte count, copied by SQLite.
    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // A nil pointer would bind NULL; "" gives SQLite a real, empty buffer.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text64(handle, index, "", 0, strata_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
            let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text64(
                handle, index, characters, UInt64(bytes.count), strata_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    /// Binds bytes with their explicit length, copied by SQLite; no bytes bind a zero-length blob.
    private func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        // A nil pointer would bind NULL, so an empty value needs sqlite3_bind_zeroblob.
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), strata_sqlite_transient())
    }

    private func unbindable(_ message: String) -> SQLiteError {
        SQLiteError(kind: .unbindableValue, message: message, sql: sql)
    }
}
