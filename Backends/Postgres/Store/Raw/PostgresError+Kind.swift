import StrataSQL
extension PostgresError {
    /// What went wrong, specific to PostgreSQL. New kinds may be added without breaking callers.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case uniqueViolation, foreignKeyViolation, notNullViolation, checkViolation
            case serializationFailure, deadlockDetected
            case connectionLost, commitOutcomeUnknown, connectTimeout
            case checkOutTimeout, statementTimeout, responseTimeout, shutDown
            case undefinedTable, undefinedColumn
            case invalidValue, syntaxError, multipleStatements, misuse
            case authenticationFailed, tlsFailed, invalidConfiguration, other
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A `UNIQUE` or `PRIMARY KEY` constraint failed (SQLSTATE 23505).
        public static let uniqueViolation = Kind(.uniqueViolation)
        /// A `FOREIGN KEY` constraint failed (23503).
        public static let foreignKeyViolation = Kind(.foreignKeyViolation)
        /// A `NOT NULL` constraint failed (23502).
        public static let notNullViolation = Kind(.notNullViolation)
        /// A `CHECK` constraint failed (23514).
        public static let checkViolation = Kind(.checkViolation)
        /// A `SERIALIZABLE` or `REPEATABLE READ` transaction could not be serialized (40001).
        public static let serializationFailure = Kind(.serializationFailure)
        /// The server broke a deadlock by failing this transaction (40P01).
        public static let deadlockDetected = Kind(.deadlockDetected)
        /// The connection is unusable: it broke, could not be opened, or the server shut it down
        /// (class 08, 57P01–57P03, or libpq reporting a bad connection).
        public static let connectionLost = Kind(.connectionLost)
        /// No server address answered within the connect timeout
        /// (``PostgresConnectionSettings/connectTimeout``, libpq's "timeout expired").
        public static let connectTimeout = Kind(.connectTimeout)
        /// No pooled connection became free within ``PostgresConfiguration/checkOutTimeout``;
        /// nothing was sent to the server.
        public static let checkOutTimeout = Kind(.checkOutTimeout)
        /// The server canceled the statement (57014): it ran past `statement_timeout`
        /// (``PostgresConnectionSettings/statementTimeout``), or an administrator canceled it.
        public static let statementTimeout = Kind(.statementTimeout)
        /// The server did not answer a statement within ``PostgresConfiguration/responseTimeout``
        /// (the client's own deadline, which holds when the server stops answering); the
        /// connection was closed, so a transaction it had open is rolled back.
        public static let responseTimeout = Kind(.responseTimeout)
        /// The store was shut down (``PostgresStore/shutdown()``) and takes no more work.
        public static let shutDown = Kind(.shutDown)
        /// The connection was lost while `COMMIT` ran; set by the caller that ran it.
        public static let commitOutcomeUnknown = Kind(.commitOutcomeUnknown)
        /// A table the statement names does not exist (42P01).
        public static let undefinedTable = Kind(.undefinedTable)
        /// A column the statement names does not exist (42703).
        public static let undefinedColumn = Kind(.undefinedColumn)
        /// A value PostgreSQL cannot hold or parse: text with U+0000, bad encoding, bad input
        /// syntax (22021, 22P05, 22P02), or a value with no column form.
        public static let invalidValue = Kind(.invalidValue)
        /// The SQL text does not parse (42601).
        public static let syntaxError = Kind(.syntaxError)
        /// The SQL text holds more than one statement; the raw layer runs exactly one.
        public static let multipleStatements = Kind(.multipleStatements)
        /// The API was used in a way the raw layer refuses (closed connection, empty SQL, `COPY`, …).
        public static let misuse = Kind(.misuse)
        /// The server refused the credentials or the role (class 28), or asked for a password and
        /// none was given.
        public static let authenticationFailed = Kind(.authenticationFailed)
        /// TLS could not be set up as the `sslmode` requires: the server offers no TLS, or its
        /// certificate did not verify (libpq's report; the settings or the server must change).
        public static let tlsFailed = Kind(.tlsFailed)
        /// Connection settings that cannot be used (a malformed URL, an unknown `sslmode`, …).
        public static let invalidConfiguration = Kind(.invalidConfiguration)
        /// Any other failure; see ``PostgresError/sqlState``.
        public static let other = Kind(.other)

        public var description: String { base.rawValue }

        /// Matches an error against a kind, so `catch PostgresError.Kind.uniqueViolation` works.
        public static func ~= (kind: Kind, error: any Error) -> Bool {
            (error as? PostgresError)?.kind == kind
        }

        /// The portable category of this kind.
        var category: SQLErrorCategory {
            switch base {
            case .uniqueViolation: return .uniqueViolation
            case .foreignKeyViolation, .notNullViolation, .checkViolation: return .constraint
            case .serializationFailure, .deadlockDetected: return .retryable
            case .connectionLost, .connectTimeout: return .connectionLost
            case .commitOutcomeUnknown: return .commitOutcomeUnknown
            case .undefinedTable, .undefinedColumn: return .schemaMismatch
            case .invalidValue, .syntaxError, .multipleStatements, .misuse, .invalidConfiguration, .tlsFailed: return .unsupported
            case .authenticationFailed, .checkOutTimeout, .statementTimeout, .responseTimeout, .shutDown, .other: return .other
            }
        }

        /// Classifies a server-reported SQLSTATE.
        ///
        /// 08P01 (protocol violation) is class 08 but is also what the server says when a bind
        /// message is malformed on a healthy connection, so it is ``misuse``; the connection
        /// checks the socket before calling anything lost.
        static func classify(sqlState: String) -> Kind {
            switch sqlState {
            case "23505": return .uniqueViolation
            case "23503": return .foreignKeyViolation
            case "23502": return .notNullViolation
            case "23514": return .checkViolation
            case "40001": return .serializationFailure
            case "40P01": return .deadlockDetected
            case "57P01", "57P02", "57P03": return .connectionLost
            case "57014": return .statementTimeout
            case "42P01": return .undefinedTable
            case "42703": return .undefinedColumn
            case "22021", "22P05", "22P02": return .invalidValue
            case "42601": return .syntaxError
            case "08P01": return .misuse
            default:
                if sqlState.hasPrefix("08") { return .connectionLost }
                if sqlState.hasPrefix("28") { return .authenticationFailed }
                return .other
            }
        }
    }
}
