import Foundation

extension Predicate {
    /// The operands of the predicate's top-level `&&`, nested conjunctions flattened, in
    /// evaluation order: `{ $0.a && ($0.b && $0.c) }` gives `a`, `b` and `c`; a predicate that is
    /// no conjunction is its own single conjunct.
    ///
    /// A row matches exactly when every conjunct, evaluated on its own, is `true` (Swift's `&&`
    /// evaluates each in turn and stops at the first that is false or throws). So a store may
    /// select rows by the conjuncts it can translate — a superset of the matches — and evaluate
    /// the whole predicate in Swift on those rows: the result is exact, errors included.
    public var conjuncts: [any StandardPredicateExpression<Bool>] {
        conjunctsOf(expression)
    }
}

/// The conjuncts of an expression: its operands when it is a `&&`, else the expression itself.
private func conjunctsOf(_ expression: any StandardPredicateExpression<Bool>) -> [any StandardPredicateExpression<Bool>] {
    (expression as? any ConjunctionOperands)?.operands ?? [expression]
}

/// A `&&` node whose operands can be listed as standard expressions.
protocol ConjunctionOperands {
    /// The conjuncts of both sides, left first, nested conjunctions flattened.
    var operands: [any StandardPredicateExpression<Bool>] { get }
}

extension PredicateExpressions.Conjunction: ConjunctionOperands where LHS: StandardPredicateExpression, RHS: StandardPredicateExpression {
    var operands: [any StandardPredicateExpression<Bool>] {
        conjunctsOf(lhs) + conjunctsOf(rhs)
    }
}
