/// A generated boolean leaf of a predicate tree.
enum FuzzLeaf: Sendable, Hashable, CustomStringConvertible {
    /// `operand op constant` (or `constant op operand` when `constantFirst`); an optional
    /// operand only takes `==` / `!=`.
    case compare(FuzzOperand, FuzzOperator, FuzzConstant, constantFirst: Bool)
    /// `lhs op rhs`, two operands of one kind and the same optionality.
    case compareOperands(FuzzOperand, FuzzOperator, FuzzOperand)
    /// `operand.contains(needle)` on a non-optional `String` operand.
    case contains(FuzzOperand, String)
    /// `[values].contains(operand)`; nil elements only when the operand is optional.
    case inList(FuzzOperand, [FuzzValue?])
    /// A `Bool` operand used as the condition itself (`$0.flag`, `$0.optFlag!`).
    case boolean(FuzzOperand)

    var description: String {
        switch self {
        case .compare(let operand, let op, let constant, let constantFirst):
            constantFirst ? "\(constant) \(op) \(operand)" : "\(operand) \(op) \(constant)"
        case .compareOperands(let lhs, let op, let rhs):
            "\(lhs) \(op) \(rhs)"
        case .contains(let operand, let needle):
            "\(operand).contains(\(FuzzValue.quoted(needle)))"
        case .inList(let operand, let values):
            "[\(values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: ", "))].contains(\(operand))"
        case .boolean(let operand):
            "\(operand)"
        }
    }
}
