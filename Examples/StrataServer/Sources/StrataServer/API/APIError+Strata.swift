import Hummingbird
import ServerAPI
import Strata
import StrataPostgres

extension APIError {
    /// The response for one of Strata's typed errors, by what it means to a client: a broken
    /// constraint or delete rule is a conflict (409), a missing model 404, a value or request the
    /// model layer refuses 400, a busy database or a lost connection is worth retrying (503), and
    /// the rest is the server's fault (500). `nil` for other errors.
    ///
    /// Messages are written here from the error's code, entity and property, never copied from
    /// the store: a store's message may quote SQL or the database's own names. The log keeps
    /// the full error (``ErrorMiddleware`` logs 5xx).
    init?(strata error: any Error) {
        switch error {
        case let error as SwiftDataError: self.init(error)
        case let error as DataStoreError: self.init(error)
        case let error as SQLiteError: self.init(error.category.isConstraint ? .constraint : error.category == .retryable ? .retryable : nil, kind: "\(error.kind)")
        case let error as PostgresError:
            self.init(
                error.category.isConstraint ? .constraint : error.isRetryable || error.category == .connectionLost ? .retryable : nil,
                kind: "\(error.kind)")
        default: return nil
        }
    }

    private init(_ error: SwiftDataError) {
        let entity = error.entityName ?? "the model"
        switch error {
        case SwiftDataError.deleteRuleViolation:
            let relationship = error.propertyName.map { "its relationship \($0)" } ?? "a relationship"
            self.init(status: .conflict, code: "deleteRuleViolation", message: "\(entity) cannot be deleted: \(relationship) still refers to other models")
        case SwiftDataError.constraintViolation:
            self.init(status: .conflict, code: "constraintViolation", message: "the change to \(entity) conflicts with another row's unique values or a constraint")
        case SwiftDataError.modelNotFound:
            self.init(status: .notFound, code: "notFound", message: "\(entity) does not exist")
        case SwiftDataError.missingValue, SwiftDataError.valueNotEncodable, SwiftDataError.unsupportedPredicate,
            SwiftDataError.unsupportedSortDescriptor, SwiftDataError.unsupportedKeyPath:
            let property = error.propertyName.map { " (\($0))" } ?? ""
            self.init(status: .badRequest, code: "\(error.code)", message: "a value of \(entity)\(property) cannot be stored or queried as given")
        default:
            self = .internal
        }
    }

    private init(_ error: DataStoreError) {
        switch error {
        case .invalidPredicate: self.init(status: .badRequest, code: "invalidPredicate", message: "the filter cannot be evaluated")
        case .unsupportedFeature: self.init(status: .notImplemented, code: "unsupportedFeature", message: "the store cannot do this")
        case .preferInMemoryFilter, .preferInMemorySort: self = .internal
        }
    }

    /// What a database error means to the client, where it means something.
    private enum StoreFailure { case constraint, retryable }

    private init(_ failure: StoreFailure?, kind: String) {
        switch failure {
        case .constraint: self.init(status: .conflict, code: kind, message: "the change breaks a constraint (\(kind))")
        case .retryable: self.init(status: .serviceUnavailable, code: "retryable", message: "the database is busy or unreachable; retry")
        case nil: self = .internal
        }
    }
}
