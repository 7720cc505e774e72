import Foundation
internal import CSQLite
import StrataCore

extension SQLiteStatement {
    /// Reads `column` of the current row as the persisted form of `storage`, inverting ``bind(_:)``.
    ///
    /// NULL reads as `.null`; a REAL or INTEGER reads as `.double` or `.date` (SQLite may store an
    /// integral real as an integer); the TEXT `'NaN'` reads as `.double(.nan)`; a zero-length blob
    /// reads as empty `.data`; `.codable` reads as `.data`. A value whose SQLite type does not fit
    /// `storage` comes back in its natural form (INTEGER → `.integer`, TEXT → `.string`, …), so the
    /// attribute's codec reports the mismatch instead of this layer guessing.
    func persistentValue(at column: Int32, as storage: StorageType) -> PersistentValue {
        let type = sqlite3_column_type(handle, column)
        switch (storage, type) {
        case (_, SQLITE_NULL):
            return .null
        case (.bool, SQLITE_INTEGER) where (0...1).contains(int64(at: column)):
            return .bool(int64(at: column) == 1)
        case (.integer, SQLITE_INTEGER):
            return .integer(int64(at: column))
        case (.double, SQLITE_FLOAT), (.double, SQLITE_INTEGER):
            return .double(double(at: column))
        case (.double, SQLITE_TEXT) where text(at: column) == "NaN":
            return .double(.nan)
        case (.date, SQLITE_FLOAT), (.date, SQLITE_INTEGER):
            return .date(Date(timeIntervalSinceReferenceDate: double(at: column)))
        case (.uuid, SQLITE_BLOB) where sqlite3_column_bytes(handle, column) == 16:
            return .uuid(uuid(at: column))
        case (.decimal, SQLITE_INTEGER):
            return .decimal(Decimal(int64(at: column)))
        case (.decimal, SQLITE_TEXT):
            return decimal(at: column).map(PersistentValue.decimal) ?? .string(text(at: column))
        default:
            return naturalValue(at: column, type: type)
        }
    }

    /// The value as SQLite typed it: the fallback when it does not fit the requested storage.
    private func naturalValue(at column: Int32, type: Int32) -> PersistentValue {
        switch type {
        case SQLITE_INTEGER: return .integer(int64(at: column))
        case SQLITE_FLOAT: return .double(double(at: column))
        case SQLITE_TEXT: return .string(text(at: column))
        case SQLITE_BLOB: return .data(blob(at: column))
        default: return .null
        }
    }

    private func uuid(at column: Int32) -> UUID {
        var raw = UUID().uuid
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: blob(at: column)) }
        return UUID(uuid: raw)
    }

    /// Parses text written by ``bind(_:)``; text that does not read back exactly is not a decimal.
    private func decimal(at column: Int32) -> Decimal? {
        let text = text(at: column)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            value.description == text
        else { return nil }
        return value
    }
}
