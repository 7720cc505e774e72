import Foundation

/// The names of the variables in scope while describing one predicate.
final class DescriptionScope {
    let describer: PredicateDescriber
    private var variables: [PredicateExpressions.VariableID: String]

    init(describer: PredicateDescriber, variables: [PredicateExpressions.VariableID: String]) {
        self.describer = describer
        self.variables = variables
    }

    /// The text of an expression.
    func describe(_ expression: any PredicateExpression) -> String {
        guard let node = expression as? any DescribedPredicateExpression else {
            let name = String(describing: type(of: expression))
            return "\(name.prefix { $0 != "<" })(…)"
        }
        return node.describe(in: self)
    }

    /// The text of an operand of an operator: parenthesized when it is an operation itself.
    func operand(_ expression: any PredicateExpression) -> String {
        let text = describe(expression)
        return (expression as? any DescribedPredicateExpression)?.isOperation == true ? "(\(text))" : text
    }

    /// A binary operation: `lhs symbol rhs`, each side parenthesized when it is an operation.
    func infix(_ lhs: any PredicateExpression, _ symbol: String, _ rhs: any PredicateExpression) -> String {
        "\(operand(lhs)) \(symbol) \(operand(rhs))"
    }

    /// The name of a variable; one the predicate binds in a closure is named where it is bound.
    func name(of variable: PredicateExpressions.VariableID) -> String {
        variables[variable] ?? "x"
    }

    /// Runs `body` with `variable` named `name` (`x1`, `x2`, … for nested closures).
    func naming<Result>(_ variable: PredicateExpressions.VariableID, _ name: String, _ body: () -> Result) -> Result {
        let previous = variables.updateValue(name, forKey: variable)
        defer { variables[variable] = previous }
        return body()
    }

    /// A fresh name for a closure's variable.
    func closureVariableName() -> String {
        "x\(variables.count)"
    }
}

/// A predicate node that ``PredicateDescriber`` can spell.
protocol DescribedPredicateExpression {
    /// The node's text.
    func describe(in scope: DescriptionScope) -> String
    /// Whether the text is an operation (`a == b`) that needs parentheses inside another.
    var isOperation: Bool { get }
}

extension DescribedPredicateExpression {
    var isOperation: Bool { true }
}
