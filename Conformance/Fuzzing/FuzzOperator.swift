import StrataCore

/// The comparison operators of a generated leaf.
enum FuzzOperator: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case equal, notEqual, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual

    static let equality: [FuzzOperator] = [.equal, .notEqual]

    var isEquality: Bool { self == .equal || self == .notEqual }

    var description: String {
        switch self {
        case .equal: "=="
        case .notEqual: "!="
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
    }

    /// Foundation's operator for an ordering comparison; nil for `==` / `!=`.
    var ordering: PredicateExpressions.ComparisonOperator? {
        switch self {
        case .equal, .notEqual: nil
        case .lessThan: .lessThan
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThan: .greaterThan
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}
