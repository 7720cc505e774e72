import FluentKit
import PostgresNIO
import ServerAPI

extension APIError {
    /// The response for a Fluent or PostgreSQL error: a broken constraint is a conflict (409),
    /// named after its SQLSTATE as the Strata service names it; `nil` for other errors.
    init?(fluent error: any Error) {
        guard let error = error as? any DatabaseError, error.isConstraintFailure else { return nil }
        let code = switch (error as? PSQLError)?.serverInfo?[.sqlState] {
        case "23505": "uniqueViolation"
        case "23503": "foreignKeyViolation"
        default: "constraintViolation"
        }
        self.init(status: .conflict, code: code, message: (error as? PSQLError)?.serverInfo?[.message] ?? "a constraint failed")
    }
}
