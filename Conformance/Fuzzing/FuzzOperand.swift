/// One side of a generated comparison: an attribute of `Row`, read plainly, as an optional,
/// through `??` with a default, or through a forced unwrap.
enum FuzzOperand: Sendable, Hashable, CustomStringConvertible {
    /// The non-optional attribute of the kind (`$0.int`).
    case attribute(FuzzKind)
    /// The optional attribute of the kind, compared as an optional (`$0.optInt`).
    case optionalAttribute(FuzzKind)
    /// `($0.optInt ?? default)`.
    case coalesce(FuzzKind, FuzzValue)
    /// `$0.optInt!`.
    case unwrap(FuzzKind)

    var kind: FuzzKind {
        switch self {
        case .attribute(let kind), .optionalAttribute(let kind), .coalesce(let kind, _), .unwrap(let kind): kind
        }
    }

    /// Whether the operand's type is an `Optional`.
    var isOptional: Bool {
        if case .optionalAttribute = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .attribute(let kind): "$0.\(kind.attributeName(optional: false))"
        case .optionalAttribute(let kind): "$0.\(kind.attributeName(optional: true))"
        case .coalesce(let kind, let value): "($0.\(kind.attributeName(optional: true)) ?? \(value))"
        case .unwrap(let kind): "$0.\(kind.attributeName(optional: true))!"
        }
    }
}
