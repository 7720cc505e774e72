/// What kind of failure a SQL backend reported, named the same by every backend, for decisions
/// that do not care which database failed: retry, report a constraint, reconnect, give up.
///
/// Each backend's error keeps its own specific `kind` (an SQLite result code, a SQLSTATE) and
/// maps it to one of these; the shared engine decides on the category alone.
public enum SQLErrorCategory: Hashable, Sendable {
    /// A row would duplicate another's unique values (a unique index or primary key).
    case uniqueViolation
    /// A foreign key, not-null or check constraint failed; the data must change.
    case constraint
    /// A lock, serialization failure or deadlock; the same work may succeed if retried.
    case retryable
    /// The connection is gone; open a new one. An open transaction was rolled back.
    case connectionLost
    /// The connection was lost while `COMMIT` ran: the transaction may or may not have committed.
    case commitOutcomeUnknown
    /// The file or database is damaged, or is not a database.
    case corrupt
    /// The schema is not what the statement expected (a missing table or column).
    case schemaMismatch
    /// The request cannot be served as written (bad SQL, an unbindable value, bad settings,
    /// a write to a read-only database).
    case unsupported
    /// Anything else.
    case other

    /// Whether a constraint failed, unique or not: the data must change.
    public var isConstraint: Bool { self == .uniqueViolation || self == .constraint }
}

/// An error thrown by a SQL backend, with the shared category the engine decides on.
public protocol SQLBackendError: Error {
    /// The portable category of this failure.
    var category: SQLErrorCategory { get }
}

extension SQLErrorCategory {
    /// The category of `error` when a SQL backend threw it; `nil` for any other error.
    public init?(of error: any Error) {
        guard let error = error as? any SQLBackendError else { return nil }
        self = error.category
    }
}
