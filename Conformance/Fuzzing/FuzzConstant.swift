/// The right-hand side of a comparison against a constant: a value, the `nil` literal, or a
/// captured optional that is nil (which the translator sees as a value, not a literal).
enum FuzzConstant: Sendable, Hashable, CustomStringConvertible {
    case value(FuzzValue)
    case nilLiteral
    case capturedNil

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .nilLiteral: "nil"
        case .capturedNil: "Optional<_>.none /* captured */"
        }
    }
}
