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
    public var conjuncts: [any PredicateExpression<Bool>] {
        conjunctsOf(expression)
    }
}

/// The conjuncts of an expression: its operands when it is a `&&`, nested `&&`s flattened,
/// left first; else the expression itself. Iterative, and with an unconditional protocol: a
/// chain built at run time may be thousands of terms deep, and both a recursive walk and a
/// cast to a conditionally conforming protocol (which the runtime checks level by level)
/// would overflow the stack.
private func conjunctsOf(_ expression: any PredicateExpression<Bool>) -> [any PredicateExpression<Bool>] {
    var conjuncts: [any PredicateExpression<Bool>] = []
    var pending = [expression]
    while let next = pending.popLast() {
        if let conjunction = next as? any ConjunctionOperands {
            pending.append(conjunction.right)
            pending.append(conjunction.left)
        } else {
            conjuncts.append(next)
        }
    }
    return conjuncts
}

/// A `&&` node, whose operands are read as expressions.
protocol ConjunctionOperands {
    /// The left side.
    var left: any PredicateExpression<Bool> { get }
    /// The right side.
    var right: any PredicateExpression<Bool> { get }
}

extension PredicateExpressions.Conjunction: ConjunctionOperands {
    var left: any PredicateExpression<Bool> { lhs }
    var right: any PredicateExpression<Bool> { rhs }
}
