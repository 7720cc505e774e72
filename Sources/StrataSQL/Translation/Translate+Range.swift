import StrataCore

/// `(a...b).contains(x)` and `(a..<b).contains(x)` as two comparisons, for ranges written in the
/// predicate or captured.
extension PredicateExpressions.RangeExpressionContains: SQLTranslatable where RangeExpression: SQLRangeTranslatable, Element: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let (lower, upper, isClosed) = try range.translateBounds(in: context)
        let element = try self.element.translate(in: context)
        let above = try context.comparison(lower, "<=", element)
        let below = try context.comparison(element, isClosed ? "<=" : "<", upper)
        return .condition(.binary(above.sql, "AND", below.sql), error: .anyError(above.error, below.error))
    }
}

/// A range's bounds as operands.
protocol SQLRangeTranslatable {
    /// The lower and upper bound, and whether the upper bound is included.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when a bound cannot be translated.
    func translateBounds(in context: TranslationContext) throws -> (lower: SQLOperand, upper: SQLOperand, isClosed: Bool)
}

extension PredicateExpressions.ClosedRange: SQLRangeTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translateBounds(in context: TranslationContext) throws -> (lower: SQLOperand, upper: SQLOperand, isClosed: Bool) {
        try (lower.translate(in: context), upper.translate(in: context), true)
    }
}

extension PredicateExpressions.Range: SQLRangeTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translateBounds(in context: TranslationContext) throws -> (lower: SQLOperand, upper: SQLOperand, isClosed: Bool) {
        try (lower.translate(in: context), upper.translate(in: context), false)
    }
}

extension PredicateExpressions.Value: SQLRangeTranslatable {
    func translateBounds(in context: TranslationContext) throws -> (lower: SQLOperand, upper: SQLOperand, isClosed: Bool) {
        guard let range = value as? any CapturedRange else { throw DataStoreError.preferInMemoryFilter }
        return try range.bounds(in: context)
    }
}

/// A captured `ClosedRange` or `Range`, whose bounds become `Value` nodes.
private protocol CapturedRange {
    associatedtype Bound: Comparable
    var lowerBound: Bound { get }
    var upperBound: Bound { get }
    static var isClosed: Bool { get }
}

extension CapturedRange {
    func bounds(in context: TranslationContext) throws -> (lower: SQLOperand, upper: SQLOperand, isClosed: Bool) {
        try (PredicateExpressions.Value(lowerBound).translate(in: context),
             PredicateExpressions.Value(upperBound).translate(in: context), Self.isClosed)
    }
}

extension ClosedRange: CapturedRange {
    static var isClosed: Bool { true }
}

extension Range: CapturedRange {
    static var isClosed: Bool { false }
}
