import Foundation

/// How each `PredicateExpressions` node reads, close to the Swift that wrote it.
extension PredicateExpressions.Variable: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.name(of: key) }
    var isOperation: Bool { false }
}

extension PredicateExpressions.KeyPath: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        let member: String
        switch kind {
        case .collectionCount?: member = "count"
        case .collectionIsEmpty?: member = "isEmpty"
        case .collectionFirst?: member = "first"
        case .bidirectionalCollectionLast?: member = "last"
        default: member = scope.describer.name(of: keyPath)
        }
        // Inside an optional chain the root is the chain's variable, named `$0.owner?`.
        return "\(scope.operand(root)).\(member)"
    }
    var isOperation: Bool { false }
}

extension PredicateExpressions.Value: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.describer.value(value) }
    var isOperation: Bool { false }
}

extension PredicateExpressions.NilLiteral: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "nil" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.Equal: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "==", rhs) }
}

extension PredicateExpressions.NotEqual: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "!=", rhs) }
}

extension PredicateExpressions.Comparison: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        let symbol = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        return scope.infix(lhs, symbol, rhs)
    }
}

extension PredicateExpressions.Conjunction: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "&&", rhs) }
}

extension PredicateExpressions.Disjunction: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "||", rhs) }
}

extension PredicateExpressions.Negation: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "!\(scope.operand(wrapped))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.Arithmetic: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        let symbol = switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
        return scope.infix(lhs, symbol, rhs)
    }
}

extension PredicateExpressions.UnaryMinus: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "-\(scope.operand(wrapped))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.FloatDivision: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "/", rhs) }
}

extension PredicateExpressions.IntDivision: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "/", rhs) }
}

extension PredicateExpressions.IntRemainder: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "%", rhs) }
}

extension PredicateExpressions.NilCoalesce: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { scope.infix(lhs, "??", rhs) }
}

extension PredicateExpressions.ForcedUnwrap: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(inner))!" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.OptionalFlatMap: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        scope.naming(variable.key, "\(scope.operand(wrapped))?") { scope.describe(transform) }
    }
    var isOperation: Bool { false }
}

extension PredicateExpressions.SequenceContains: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(sequence)).contains(\(scope.describe(element)))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.SequenceContainsWhere: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        let name = scope.closureVariableName()
        return scope.naming(variable.key, name) { "\(scope.operand(sequence)).contains { \(name) in \(scope.describe(test)) }" }
    }
    var isOperation: Bool { false }
}

extension PredicateExpressions.SequenceAllSatisfy: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        let name = scope.closureVariableName()
        return scope.naming(variable.key, name) { "\(scope.operand(sequence)).allSatisfy { \(name) in \(scope.describe(test)) }" }
    }
    var isOperation: Bool { false }
}

extension PredicateExpressions.CollectionContainsCollection: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(base)).contains(\(scope.describe(other)))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.SequenceStartsWith: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(base)).starts(with: \(scope.describe(prefix)))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.StringLocalizedStandardContains: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(root)).localizedStandardContains(\(scope.describe(other)))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.RangeExpressionContains: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(range)).contains(\(scope.describe(element)))" }
    var isOperation: Bool { false }
}

extension PredicateExpressions.Range: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(lower))..<\(scope.operand(upper))" }
}

extension PredicateExpressions.ClosedRange: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String { "\(scope.operand(lower))...\(scope.operand(upper))" }
}

extension PredicateExpressions.Conditional: DescribedPredicateExpression {
    func describe(in scope: DescriptionScope) -> String {
        "\(scope.operand(test)) ? \(scope.operand(trueBranch)) : \(scope.operand(falseBranch))"
    }
}
