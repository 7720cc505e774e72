import StrataCore

/// `+`, `-`, `*` on integers. Wherever Swift's evaluation produces a value, SQL's 64-bit
/// arithmetic produces the same one; where Swift overflows it traps (the in-memory evaluator has
/// no answer either), so those rows have no reference result to differ from. Floating-point
/// arithmetic stays in memory: stored NaN and SQL's NaN-to-NULL rules differ from IEEE.
extension PredicateExpressions.Arithmetic: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let lhs = try self.lhs.translate(in: context)
        let rhs = try self.rhs.translate(in: context)
        guard try lhs.storage(atLeast: .ordered) == .integer, try rhs.storage(atLeast: .ordered) == .integer else {
            throw DataStoreError.preferInMemoryFilter
        }
        let op: StaticString = switch self.op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
        return SQLOperand(
            sql: .binary(lhs.sql, op, rhs.sql), error: .anyError(lhs.error, rhs.error),
            kind: .value(.integer, .ordered), isNullable: false)
    }
}
