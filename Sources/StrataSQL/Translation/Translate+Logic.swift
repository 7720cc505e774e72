import StrataCore

/// `&&`, `||` and `!` over two-valued conditions, with Swift's left-to-right short circuit
/// deciding whether the right side's error counts.
extension PredicateExpressions.Conjunction: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let lhs = try self.lhs.translate(in: context).asCondition()
        let rhs = try self.rhs.translate(in: context).asCondition()
        // The right side runs only when the left is true.
        let error = SQLExpression.anyError(lhs.error, rhs.error.map { .binary(lhs.sql, "AND", $0) })
        return .condition(.binary(lhs.sql, "AND", rhs.sql), error: error)
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let lhs = try self.lhs.translate(in: context).asCondition()
        let rhs = try self.rhs.translate(in: context).asCondition()
        // The right side runs only when the left is false.
        let error = SQLExpression.anyError(lhs.error, rhs.error.map { .binary(.prefix("NOT", lhs.sql), "AND", $0) })
        return .condition(.binary(lhs.sql, "OR", rhs.sql), error: error)
    }
}

extension PredicateExpressions.Negation: SQLTranslatable where Wrapped: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let wrapped = try self.wrapped.translate(in: context).asCondition()
        return .condition(.prefix("NOT", wrapped.sql), error: wrapped.error)
    }
}
