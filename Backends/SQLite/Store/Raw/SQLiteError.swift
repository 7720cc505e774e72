internal import CSQLite
import StrataSQL

/// An error reported by SQLite, or by the raw layer refusing a request before SQLite sees it.
///
/// Match on ``kind`` for a specific failure and on ``category`` for a portable decision
/// (retry, report a constraint, give up):
///
/// ```swift
/// do { try connection.execute("INSERT INTO trip(name) VALUES (?1)", binds: [.string("Lisbon")]) }
/// catch let error as SQLiteError where error.kind == .uniqueViolation { … }
/// ```
///
/// The error carries the SQL text but never the bound values.
/// See <https://www.sqlite.org/rescode.html> for the result codes.
public struct SQLiteError: SQLBackendError, CustomStringConvertible {
    /// What went wrong, specific to SQLite. New kinds may be added without breaking callers.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notADatabase, corrupt, cannotOpen, readOnly, diskFull, ioError
            case uniqueViolation, foreignKeyViolation, notNullViolation, constraintViolation
            case busy, locked, schemaChanged
            case multipleStatements, unbindableValue, misuse, other
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file at the path is not an SQLite database (`SQLITE_NOTADB`).
        public static let notADatabase = Kind(.notADatabase)
        /// The database file is malformed (`SQLITE_CORRUPT`).
        public static let corrupt = Kind(.corrupt)
        /// The database file cannot be opened or created: a missing directory, no permission, or
        /// read-only media without the `-shm` file WAL mode needs (`SQLITE_CANTOPEN`). The message
        /// names the path.
        public static let cannotOpen = Kind(.cannotOpen)
        /// A write reached a database open for reading only (`SQLITE_READONLY`): a store opened
        /// with ``SQLiteConfiguration/readOnly`` or over a file this process cannot write.
        public static let readOnly = Kind(.readOnly)
        /// The disk (or the file system's quota) is full: a write could not grow the database or
        /// its journal (`SQLITE_FULL`). Nothing of the failed write is kept; free space and retry.
        public static let diskFull = Kind(.diskFull)
        /// The operating system reported an I/O error reading or writing the database, its journal
        /// or its WAL index (`SQLITE_IOERR` and its extended codes, in ``SQLiteError/code``).
        public static let ioError = Kind(.ioError)
        /// A `UNIQUE` or `PRIMARY KEY` constraint failed.
        public static let uniqueViolation = Kind(.uniqueViolation)
        /// A `FOREIGN KEY` constraint failed.
        public static let foreignKeyViolation = Kind(.foreignKeyViolation)
        /// A `NOT NULL` constraint failed.
        public static let notNullViolation = Kind(.notNullViolation)
        /// Any other constraint failed (`CHECK`, a trigger's `RAISE`, …).
        public static let constraintViolation = Kind(.constraintViolation)
        /// Another connection holds a conflicting lock (`SQLITE_BUSY`).
        public static let busy = Kind(.busy)
        /// A conflict inside this connection or its shared cache (`SQLITE_LOCKED`).
        public static let locked = Kind(.locked)
        /// The schema changed under a prepared statement (`SQLITE_SCHEMA`).
        public static let schemaChanged = Kind(.schemaChanged)
        /// The SQL text holds more than one statement; the raw layer runs exactly one.
        public static let multipleStatements = Kind(.multipleStatements)
        /// A value has no SQLite form (a to-many relationship, a non-integer identifier).
        public static let unbindableValue = Kind(.unbindableValue)
        /// The API was used in a way SQLite refuses (`SQLITE_MISUSE`, `SQLITE_RANGE`, empty SQL, …).
        public static let misuse = Kind(.misuse)
        /// Any other SQLite failure; see ``SQLiteError/code``.
        public static let other = Kind(.other)

        public var description: String { base.rawValue }

        /// Matches an error against a kind, so `catch SQLiteError.Kind.busy` works.
        public static func ~= (kind: Kind, error: any Error) -> Bool {
            (error as? SQLiteError)?.kind == kind
        }

        /// The portable category of this kind.
        var category: SQLErrorCategory {
            switch base {
            case .notADatabase, .corrupt: return .corrupt
            case .uniqueViolation: return .uniqueViolation
            case .foreignKeyViolation, .notNullViolation, .constraintViolation: return .constraint
            case .busy, .locked: return .retryable
            case .schemaChanged: return .schemaMismatch
            case .multipleStatements, .unbindableValue, .misuse, .readOnly: return .unsupported
            case .cannotOpen, .diskFull, .ioError, .other: return .other
            }
        }

        /// Classifies an SQLite (extended) result code.
        static func classify(_ code: Int32) -> Kind {
            switch code & 0xFF {
            case SQLITE_NOTADB: return .notADatabase
            case SQLITE_CORRUPT: return .corrupt
            case SQLITE_CANTOPEN: return .cannotOpen
            case SQLITE_READONLY: return .readOnly
            case SQLITE_FULL: return .diskFull
            case SQLITE_IOERR: return .ioError
            case SQLITE_BUSY: return .busy
            case SQLITE_LOCKED: return .locked
            case SQLITE_SCHEMA: return .schemaChanged
            case SQLITE_MISUSE, SQLITE_RANGE: return .misuse
            case SQLITE_CONSTRAINT:
                // sqlite3.h defines the extended codes as SQLITE_CONSTRAINT | (n << 8), which Swift cannot import.
                switch code >> 8 {
                case 6, 8: return .uniqueViolation  // SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE
                case 3: return .foreignKeyViolation  // SQLITE_CONSTRAINT_FOREIGNKEY
                case 5: return .notNullViolation  // SQLITE_CONSTRAINT_NOTNULL
                default: return .constraintViolation
                }
            default: return .other
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// SQLite's extended result code (`SQLITE_MISUSE` for failures the raw layer detects itself).
    public let code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the raw layer's own explanation.
    public let message: String
    /// The SQL text being prepared or run, when there was one, in full (``description`` shortens
    /// a long one). Bound values are never included.
    public let sql: String?

    /// The portable category of ``kind``, shared by every SQL backend.
    public var category: SQLErrorCategory { kind.category }

    /// An error for an SQLite result code, classified by that code.
    init(code: Int32, message: String, sql: String?) {
        self.init(kind: .classify(code), code: code, message: message, sql: sql)
    }

    /// The error SQLite reports for `handle` after `code`; a file that cannot be opened is named
    /// in the message, since SQLite's own ("unable to open database file") does not say which.
    init(code: Int32, handle: OpaquePointer, sql: String?) {
        var message = String(cString: sqlite3_errmsg(handle))
        if Kind.classify(code) == .cannotOpen, let path = sqlite3_db_filename(handle, "main"), path.pointee != 0 {
            message += ": \(String(cString: path))"
        }
        self.init(code: code, message: message, sql: sql)
    }

    /// A write refused before it reached SQLite because the database is open read-only.
    static func readOnly(_ message: String) -> SQLiteError {
        SQLiteError(kind: .readOnly, code: SQLITE_READONLY, message: message, sql: nil)
    }

    /// An error the raw layer raises itself, before or instead of calling SQLite.
    init(kind: Kind, code: Int32 = SQLITE_MISUSE, message: String, sql: String?) {
        self.kind = kind
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        var text = "SQLite error \(code) (\(kind), \(name)): \(message)"
        if let sql { text += " — in SQL: \(SQLStatement.abbreviated(sql))" }
        return text
    }
}
