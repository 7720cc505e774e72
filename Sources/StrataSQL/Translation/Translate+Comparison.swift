import StrataCore

/// `<`, `<=`, `>`, `>=` on types whose SQL order is Swift's: integers, `Double`/`Float` (NaN never
/// orders: guarded through the dialect), `String` (binary collation), `Date`.
extension PredicateExpressions.Comparison: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.comparison(lhs.translate(in: context), op.sql, rhs.translate(in: context))
    }
}

extension PredicateExpressions.ComparisonOperator {
    var sql: StaticString {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
    }
}

extension TranslationContext {
    /// `lhs op rhs` for an ordering operator, as a two-valued condition.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` unless both sides order as in Swift
    ///   (`RawRepresentable`, `Decimal`, `UUID`… may not follow their stored order).
    func comparison(_ lhs: SQLOperand, _ op: StaticString, _ rhs: SQLOperand) throws -> SQLOperand {
        let storage = try lhs.storage(atLeast: .ordered)
        _ = try rhs.storage(atLeast: .ordered)
        let error = SQLExpression.anyError(lhs.error, rhs.error)
        if lhs.isNaNConstant || rhs.isNaNConstant { return .condition(.false, error: error) }
        var left = lhs.sql
        if storage == .string, let collation = dialect.binaryCollation { left = .collate(left, collation) }
        var sql = SQLExpression.binary(left, op, rhs.sql)
        if storage == .double {
            let guards = try [lhs, rhs].filter { $0.constant == nil }.map { try notNaN($0.sql) }
            sql = SQLExpression.joined([sql] + guards, by: "AND") ?? sql
        }
        return .condition(sql, error: error)
    }
}
