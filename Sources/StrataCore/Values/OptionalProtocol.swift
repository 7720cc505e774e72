/// Lets code that only has an `Any` or a metatype see through `Optional`.
protocol OptionalProtocol {
    static var wrappedType: Any.Type { get }
    static var nilValue: Any { get }
    static func wrapping(_ value: Any) -> Any
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProtocol {
    static var wrappedType: Any.Type { Wrapped.self }
    static var nilValue: Any { Optional<Wrapped>.none as Any }
    static func wrapping(_ value: Any) -> Any { Optional<Wrapped>.some(value as! Wrapped) as Any }
    var wrappedValue: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}

/// Lets code that only has a metatype see an array's element type.
protocol ArrayProtocol {
    static var elementType: Any.Type { get }
}

extension Array: ArrayProtocol {
    static var elementType: Any.Type { Element.self }
}

/// Unwraps any number of optional layers; `nil` when the innermost value is absent.
func flattenedOptional(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalProtocol else { return value }
    guard let wrapped = optional.wrappedValue else { return nil }
    return flattenedOptional(wrapped)
}
