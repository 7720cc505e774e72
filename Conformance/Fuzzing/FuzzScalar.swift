import StrataCore

/// A Swift type of a `Row` attribute, with the key paths of its non-optional and optional
/// attribute, so predicate nodes can be built generically over it.
protocol FuzzScalar: Codable, Sendable, Equatable {
    static var kind: FuzzKind { get }
    static var plainKeyPath: KeyPath<Row, Self> & Sendable { get }
    static var optionalKeyPath: KeyPath<Row, Self?> & Sendable { get }
    /// The payload of `value`, which must be of this type's kind.
    static func unwrap(_ value: FuzzValue) -> Self
}

/// A ``FuzzScalar`` Swift can order with `<`.
protocol FuzzOrderedScalar: FuzzScalar, Comparable {}

extension Int: FuzzOrderedScalar {
    static var kind: FuzzKind { .int }
    static var plainKeyPath: KeyPath<Row, Int> & Sendable { \Row.int }
    static var optionalKeyPath: KeyPath<Row, Int?> & Sendable { \Row.optInt }
    static func unwrap(_ value: FuzzValue) -> Int {
        guard case .int(let payload) = value else { preconditionFailure("\(value) is not an Int") }
        return payload
    }
}

extension Double: FuzzOrderedScalar {
    static var kind: FuzzKind { .double }
    static var plainKeyPath: KeyPath<Row, Double> & Sendable { \Row.double }
    static var optionalKeyPath: KeyPath<Row, Double?> & Sendable { \Row.optDouble }
    static func unwrap(_ value: FuzzValue) -> Double {
        guard case .double(let payload) = value else { preconditionFailure("\(value) is not a Double") }
        return payload
    }
}

extension String: FuzzOrderedScalar {
    static var kind: FuzzKind { .string }
    static var plainKeyPath: KeyPath<Row, String> & Sendable { \Row.string }
    static var optionalKeyPath: KeyPath<Row, String?> & Sendable { \Row.optString }
    static func unwrap(_ value: FuzzValue) -> String {
        guard case .string(let payload) = value else { preconditionFailure("\(value) is not a String") }
        return payload
    }
}

extension Date: FuzzOrderedScalar {
    static var kind: FuzzKind { .date }
    static var plainKeyPath: KeyPath<Row, Date> & Sendable { \Row.date }
    static var optionalKeyPath: KeyPath<Row, Date?> & Sendable { \Row.optDate }
    static func unwrap(_ value: FuzzValue) -> Date {
        guard case .date(let payload) = value else { preconditionFailure("\(value) is not a Date") }
        return payload
    }
}

extension Bool: FuzzScalar {
    static var kind: FuzzKind { .bool }
    static var plainKeyPath: KeyPath<Row, Bool> & Sendable { \Row.flag }
    static var optionalKeyPath: KeyPath<Row, Bool?> & Sendable { \Row.optFlag }
    static func unwrap(_ value: FuzzValue) -> Bool {
        guard case .bool(let payload) = value else { preconditionFailure("\(value) is not a Bool") }
        return payload
    }
}
