import StrataCore

/// `&&`, `||` and `!` over two-valued conditions. A chain of one operator (`a || b || c …`,
/// however it nests) becomes one flat ``SQLExpression/chain(_:_:)``, gathered in a loop, so a
/// predicate folded at run time from thousands of terms translates in linear time and stack.
extension PredicateExpressions.Conjunction: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.logical(self)
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.logical(self)
    }
}

extension PredicateExpressions.Negation: SQLTranslatable where Wrapped: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.logical(self)
    }
}

/// A `&&`, `||` or `!` node, whatever its operands.
///
/// These conformances have no conditions, so checking a node's type against this protocol is
/// one look-up. A cast to ``SQLTranslatable``, whose conformances require their operands to
/// conform too, makes the runtime check the node's whole type, one nested call per level: a
/// predicate folded from thousands of terms overflows the stack there.
protocol SQLLogicalNode: PredicateExpression<Bool> {
    static var logicalOperator: SQLLogicalOperator { get }
    /// Each operand's type and byte offset in the node, in Swift's evaluation order, so a chain
    /// is walked in place: copying a node copies everything below it. `nil` where the module
    /// hides its field offsets (a library built for evolution); the node is then copied.
    static var operandLayout: [(type: any PredicateExpression<Bool>.Type, offset: Int)]? { get }
    /// The operands, copied, in Swift's evaluation order.
    var operands: [any PredicateExpression<Bool>] { get }
}

enum SQLLogicalOperator {
    case and, or, not
}

extension PredicateExpressions.Conjunction: SQLLogicalNode {
    static var logicalOperator: SQLLogicalOperator { .and }
    static var operandLayout: [(type: any PredicateExpression<Bool>.Type, offset: Int)]? {
        guard let lhs = MemoryLayout<Self>.offset(of: \.lhs), let rhs = MemoryLayout<Self>.offset(of: \.rhs) else { return nil }
        return [(LHS.self, lhs), (RHS.self, rhs)]
    }
    var operands: [any PredicateExpression<Bool>] { [lhs, rhs] }
}

extension PredicateExpressions.Disjunction: SQLLogicalNode {
    static var logicalOperator: SQLLogicalOperator { .or }
    static var operandLayout: [(type: any PredicateExpression<Bool>.Type, offset: Int)]? {
        guard let lhs = MemoryLayout<Self>.offset(of: \.lhs), let rhs = MemoryLayout<Self>.offset(of: \.rhs) else { return nil }
        return [(LHS.self, lhs), (RHS.self, rhs)]
    }
    var operands: [any PredicateExpression<Bool>] { [lhs, rhs] }
}

extension PredicateExpressions.Negation: SQLLogicalNode {
    static var logicalOperator: SQLLogicalOperator { .not }
    static var operandLayout: [(type: any PredicateExpression<Bool>.Type, offset: Int)]? {
        MemoryLayout<Self>.offset(of: \.wrapped).map { [(Wrapped.self, $0)] }
    }
    var operands: [any PredicateExpression<Bool>] { [wrapped] }
}

extension TranslationContext {
    /// A `Bool` expression as a two-valued condition.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when some part has no SQL form.
    func condition(_ expression: any PredicateExpression<Bool>) throws -> SQLOperand {
        try logical(expression)
    }

    /// `expression` as a condition, read in place.
    func logical<Expression: PredicateExpression<Bool>>(_ expression: Expression) throws -> SQLOperand {
        try withUnsafePointer(to: expression) { try condition(at: UnsafeRawPointer($0), Expression.self) }
    }

    /// The condition for the expression of `type` at `address`: `!x`, a chain of `&&` (or `||`)
    /// with every node of the same operator below it, or any other node.
    ///
    /// Swift evaluates a chain's terms left to right and stops at the first that decides it
    /// (true for `||`, false for `&&`), so a term's error counts only when every term before it
    /// left the chain undecided.
    private func condition(at address: UnsafeRawPointer, _ type: any PredicateExpression<Bool>.Type) throws -> SQLOperand {
        guard let node = type as? any SQLLogicalNode.Type else { return try leaf(at: address, type) }
        guard let layout = node.operandLayout else { return try copied(at: address, node) }
        let op = node.logicalOperator
        var pending = layout.reversed().map { (address + $0.offset, $0.type) }
        var terms: [SQLOperand] = []
        while let (address, type) = pending.popLast() {
            if op != .not, let inner = type as? any SQLLogicalNode.Type, inner.logicalOperator == op, let layout = inner.operandLayout {
                pending += layout.reversed().map { (address + $0.offset, $0.type) }
            } else {
                terms.append(try condition(at: address, type))
            }
        }
        return combined(terms, op)
    }

    /// A node whose operands' offsets are hidden, from a copy of it.
    private func copied<Node: SQLLogicalNode>(at address: UnsafeRawPointer, _: Node.Type) throws -> SQLOperand {
        let operands = address.assumingMemoryBound(to: Node.self).pointee.operands
        return combined(try operands.map(condition), Node.logicalOperator)
    }

    /// `NOT term`, or the terms joined by `op` with the chain's error.
    private func combined(_ terms: [SQLOperand], _ op: SQLLogicalOperator) -> SQLOperand {
        guard op != .not else { return .condition(.prefix("NOT", terms[0].sql), error: terms[0].error) }
        let keyword: StaticString = op == .and ? "AND" : "OR"
        return .condition(SQLExpression.joined(terms.map(\.sql), by: keyword)!, error: Self.chainError(terms, disjunction: op == .or))
    }

    /// A node other than `&&`, `||`, `!`, copied out of the predicate and translated.
    private func leaf<Expression: PredicateExpression<Bool>>(at address: UnsafeRawPointer, _: Expression.Type) throws -> SQLOperand {
        guard let translatable = address.assumingMemoryBound(to: Expression.self).pointee as? any SQLTranslatable else {
            throw DataStoreError.preferInMemoryFilter
        }
        return try translatable.translate(in: self).asCondition()
    }
    /// When evaluating a chain throws: for one term with an error, that error while the terms
    /// before it leave the chain undecided; for several, one `CASE` walking the terms in order
    /// (an `OR` of such conditions would repeat each prefix, quadratic in the chain's length).
    private static func chainError(_ terms: [SQLOperand], disjunction: Bool) -> SQLExpression? {
        let failing = terms.indices.filter { terms[$0].error != nil }
        guard let last = failing.last else { return nil }
        if failing.count == 1 {
            let before = terms[..<last].map(\.sql)
            let undecided: SQLExpression? = disjunction
                ? SQLExpression.joined(before, by: "OR").map { .prefix("NOT", $0) } : SQLExpression.joined(before, by: "AND")
            return .joined([undecided, terms[last].error], by: "AND")
        }
        var branches: [SQLCaseBranch] = []
        for index in 0...last {
            if let error = terms[index].error { branches.append(SQLCaseBranch(when: error, then: .true)) }
            if index < last {
                let decides: SQLExpression = disjunction ? terms[index].sql : .prefix("NOT", terms[index].sql)
                branches.append(SQLCaseBranch(when: decides, then: .false))
            }
        }
        return .caseWhen(branches, otherwise: .false)
    }
}
