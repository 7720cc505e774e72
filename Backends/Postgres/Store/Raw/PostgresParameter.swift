import Foundation
import StrataCore
import StrataSQL

/// One bind value encoded for libpq: a type OID, the bytes (or SQL NULL) and their format.
///
/// | Value | PostgreSQL (binary format unless noted) |
/// |---|---|
/// | `.null` | NULL, type left to the server (OID 0) |
/// | `.bool` | `bool` |
/// | `.integer`, `.identifier` | `int8` (the identifier's integer primary key) |
/// | `.double` | `float8`, bit for bit (NaN, ±infinity, -0.0) |
/// | `.string` | `text`, NFC-normalized; U+0000 and U+0001 through ``PostgresTextEscaping`` |
/// | `.data` | `bytea`; empty `Data` is an empty value, never NULL |
/// | `.date` | `float8` seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`), not `timestamptz` |
/// | `.uuid` | `uuid`, 16 bytes |
/// | `.decimal` | `numeric` in text format, `Decimal.description` (`NaN` included) |
///
/// Binary formats: <https://www.postgresql.org/docs/current/protocol-overview.html#PROTOCOL-FORMAT-CODES>.
struct PostgresParameter: Sendable {
    /// The encoded value, kept without a heap buffer of its own where it can be: a statement
    /// binds thousands of parameters, and ``withArrays(_:sql:_:)`` copies them into one buffer.
    enum Payload: Sendable {
        case null
        /// An integer's big-endian bytes: the last `count` bytes of `value`'s 8.
        case fixed(UInt64, count: Int)
        /// Text, written through ``PostgresTextEscaping``.
        case text(String)
        case bytes([UInt8])
    }

    /// The type OID sent with the value; ``PostgresTypeOID/unspecified`` lets the server infer it.
    let type: UInt32
    let payload: Payload
    /// The libpq format code: 1 for binary, 0 for text (text-format bytes end with a NUL).
    let format: Int32
    /// What a debug description shows for this value.
    private let shown: PersistentValue

    private init(type: UInt32, payload: Payload, format: Int32 = 1, shown: PersistentValue) {
        self.type = type
        self.payload = payload
        self.format = format
        self.shown = shown
    }

    /// Encodes `value` in Strata's persisted form (see the table above).
    /// - Throws: ``PostgresError/Kind/invalidValue`` for an identifier
    ///   whose primary key is not an integer, or a to-many relationship (`.identifiers`).
    init(_ value: PersistentValue) throws {
        switch value {
        case .null:
            self.init(type: PostgresTypeOID.unspecified, payload: .null, shown: value)
        case .bool(let flag):
            self.init(type: PostgresTypeOID.bool, payload: .fixed(flag ? 1 : 0, count: 1), shown: value)
        case .integer(let integer):
            self.init(type: PostgresTypeOID.int8, payload: .fixed(UInt64(bitPattern: integer), count: 8), shown: value)
        case .double(let double):
            self.init(type: PostgresTypeOID.float8, payload: .fixed(double.bitPattern, count: 8), shown: value)
        case .string(let string):
            let text = string.canonicalForm
            self.init(type: PostgresTypeOID.text, payload: .text(text), shown: .string(text))
        case .data(let data):
            self.init(type: PostgresTypeOID.bytea, payload: .bytes(Array(data)), shown: value)
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate.bitPattern
            self.init(type: PostgresTypeOID.float8, payload: .fixed(seconds, count: 8), shown: value)
        case .uuid(let uuid):
            self.init(type: PostgresTypeOID.uuid, payload: .bytes(withUnsafeBytes(of: uuid.uuid) { Array($0) }), shown: value)
        case .decimal(let decimal):
            self.init(type: PostgresTypeOID.numeric, payload: .bytes(Array(decimal.description.utf8) + [0]), format: 0, shown: value)
        case .identifier(let identifier):
            guard let key = identifier.primaryKey.integerValue else {
                throw PostgresError(
                    kind: .invalidValue, message: "an identifier whose primary key is not an integer has no column value",
                    sql: nil)
            }
            self.init(type: PostgresTypeOID.int8, payload: .fixed(UInt64(bitPattern: key), count: 8), shown: .integer(key))
        case .identifiers:
            throw PostgresError(kind: .invalidValue, message: "a to-many relationship has no column value", sql: nil)
        }
    }

    /// NULL typed as a column of `storage` holds it (`nil`: a key), so a statement prepared for
    /// one row fits every row whatever its NULLs; an untyped NULL would need its own statement.
    static func null(as storage: StorageType?) -> PostgresParameter {
        let type: UInt32 = switch storage {
        case .bool: PostgresTypeOID.bool
        case .integer, nil: PostgresTypeOID.int8
        case .double, .date: PostgresTypeOID.float8
        case .string: PostgresTypeOID.text
        case .data: PostgresTypeOID.bytea
        case .uuid: PostgresTypeOID.uuid
        case .decimal: PostgresTypeOID.numeric
        case .codable: PostgresTypeOID.jsonb
        }
        return PostgresParameter(type: type, payload: .null, shown: .null)
    }

    /// A `jsonb` value in binary format: version byte 1, then the UTF-8 JSON text with its
    /// length, so no byte of `json` is lost or taken as a terminator. Used for `Codable` attributes.
    static func jsonb(_ json: Data) -> PostgresParameter {
        PostgresParameter(
            type: PostgresTypeOID.jsonb, payload: .bytes([1] + PostgresTextEscaping.escapedJSON(json)),
            shown: .string(String(decoding: json, as: UTF8.self)))
    }

    /// The value as a debug description shows it: SQL-literal-like, never used to build SQL.
    var rendered: String {
        switch shown {
        case .null: return "NULL"
        case .bool(let flag): return String(flag)
        case .integer(let integer): return String(integer)
        case .double(let double): return String(double)
        case .string(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .data(let data): return "'\\x" + data.map { String(format: "%02x", $0) }.joined() + "'"
        case .date(let date): return String(date.timeIntervalSinceReferenceDate)
        case .uuid(let uuid): return "'\(uuid.uuidString.lowercased())'"
        case .decimal(let decimal): return decimal.description
        case .identifier, .identifiers: return "\(shown)"
        }
    }
}
