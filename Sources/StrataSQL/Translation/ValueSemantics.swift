import StrataCore

/// Which SQL operators give Swift's answer for a persisted type, from weakest to strongest.
enum ValueSemantics: Int, Comparable {
    /// Compared in memory only: `Codable` values (JSON bytes differ for equal values, such as a
    /// `Set`'s order or `-0.0`) and `URL` (Swift compares the base URL too).
    case opaque
    /// `==`, `!=` and `IN` agree: `Bool`, `Data`, `UUID`, `Decimal`, `RawRepresentable` raw values.
    case equatable
    /// Ordering agrees too: integers, `Double`, `Float`, `String` (with the binary collation), `Date`.
    case ordered

    /// The semantics of a Swift type as a column or a bind holds it (`Optional` looked through).
    init(of type: Any.Type) {
        let type = unwrappedOptionalType(type)
        switch type {
        case is any FixedWidthInteger.Type, is Double.Type, is Float.Type, is String.Type, is Date.Type:
            self = .ordered
        case is Bool.Type, is Data.Type, is UUID.Type, is Decimal.Type, is any RawRepresentable.Type:
            self = ValueCodec.forType(type)?.storageType == .codable ? .opaque : .equatable
        default:
            self = .opaque
        }
    }

    /// The semantics of an attribute's column: opaque when it holds no value Strata can read
    /// (an unsupported type) or the bytes of a `ValueTransformer`'s output, else its type's.
    init(of attribute: Schema.Attribute) {
        self = attribute.codec == nil || attribute.isTransformable ? .opaque : ValueSemantics(of: attribute.valueType)
    }

    static func < (lhs: ValueSemantics, rhs: ValueSemantics) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Lets the translator see through `Optional` when it only has a metatype or an `Any`.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
    var wrapped: Any? { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrapped: Any? { self.map { $0 } }
}

/// `type` without any `Optional` layers.
func unwrappedOptionalType(_ type: Any.Type) -> Any.Type {
    (type as? any OptionalType.Type).map { unwrappedOptionalType($0.wrappedType) } ?? type
}

/// `value` without any `Optional` layers; `nil` when the innermost value is absent.
func unwrappedOptional(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalType else { return value }
    return optional.wrapped.flatMap(unwrappedOptional)
}

/// Whether the Swift type is `Optional`.
func isOptionalType(_ type: Any.Type) -> Bool { type is any OptionalType.Type }

/// Whether `value` is a floating-point NaN (through any `Optional` layers).
func isNaNValue(_ value: Any) -> Bool {
    switch unwrappedOptional(value) {
    case let value as Double: return value.isNaN
    case let value as Float: return value.isNaN
    default: return false
    }
}
