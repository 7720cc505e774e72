import Foundation

extension HistoryDescriptor where T == DefaultHistoryTransaction {
    /// The number every matching transaction's token is above, when a top-level conjunct of
    /// the predicate is `$0.token > t` or `$0.token >= t`: a store then reads only those.
    static func tokenLowerBound(of predicate: Predicate<T>) -> Int64? {
        typealias TokenComparison = PredicateExpressions.Comparison<
            PredicateExpressions.KeyPath<PredicateExpressions.Variable<T>, DefaultHistoryToken>, PredicateExpressions.Value<DefaultHistoryToken>
        >
        var bound: Int64?
        for conjunct in predicate.conjuncts {
            guard let comparison = conjunct as? TokenComparison, comparison.lhs.keyPath == \T.token else { continue }
            let value = comparison.rhs.value.tokenValue
            switch comparison.op {
            case .greaterThan: bound = max(bound ?? value, value)
            case .greaterThanOrEqual: bound = max(bound ?? value - 1, value - 1)
            default: continue
            }
        }
        return bound
    }
}
