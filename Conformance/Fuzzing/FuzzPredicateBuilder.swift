import StrataCore

/// Builds a Foundation `Predicate<Row>` at runtime from a ``FuzzPredicate`` tree, out of the
/// same `PredicateExpressions` nodes the `#Predicate` macro emits. Existentials are opened with
/// generic helpers; each attribute type goes through ``FuzzScalar`` for its key paths.
enum FuzzPredicateBuilder {
    typealias Expression = any StandardPredicateExpression<Bool>
    typealias Variable = PredicateExpressions.Variable<Row>

    static func predicate(_ tree: FuzzPredicate) -> Predicate<Row> {
        Predicate<Row> { row in expression(tree, row) }
    }

    static func expression(_ tree: FuzzPredicate, _ row: Variable) -> Expression {
        switch tree {
        case .and(let lhs, let rhs): conjunction(expression(lhs, row), expression(rhs, row))
        case .or(let lhs, let rhs): disjunction(expression(lhs, row), expression(rhs, row))
        case .not(let inner): negation(expression(inner, row))
        case .leaf(let leaf): leafExpression(leaf, row)
        }
    }

    // MARK: Logic

    static func conjunction<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R) -> Expression {
        PredicateExpressions.build_Conjunction(lhs: lhs, rhs: rhs)
    }

    static func disjunction<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R) -> Expression {
        PredicateExpressions.build_Disjunction(lhs: lhs, rhs: rhs)
    }

    static func negation<W: StandardPredicateExpression<Bool>>(_ wrapped: W) -> Expression {
        PredicateExpressions.build_Negation(wrapped)
    }

    // MARK: Leaves

    static func leafExpression(_ leaf: FuzzLeaf, _ row: Variable) -> Expression {
        switch kind(of: leaf) {
        case .int: typedLeaf(leaf, row, Int.self)
        case .double: typedLeaf(leaf, row, Double.self)
        case .string: typedLeaf(leaf, row, String.self)
        case .bool: typedLeaf(leaf, row, Bool.self)
        case .date: typedLeaf(leaf, row, Date.self)
        }
    }

    static func kind(of leaf: FuzzLeaf) -> FuzzKind {
        switch leaf {
        case .compare(let operand, _, _, _), .compareOperands(let operand, _, _), .contains(let operand, _),
             .inList(let operand, _), .boolean(let operand):
            operand.kind
        }
    }

    static func typedLeaf<T: FuzzScalar>(_ leaf: FuzzLeaf, _ row: Variable, _: T.Type) -> Expression {
        switch leaf {
        case .compare(let operand, let op, let constant, let constantFirst):
            if operand.isOptional {
                let lhs = optionalKeyPath(row, T.self)
                switch constant {
                case .value(let value):
                    return ordered(lhs, op, PredicateExpressions.Value<T?>(T.unwrap(value)), swap: constantFirst)
                case .capturedNil:
                    return ordered(lhs, op, PredicateExpressions.Value<T?>(nil), swap: constantFirst)
                case .nilLiteral:
                    return ordered(lhs, op, PredicateExpressions.NilLiteral<T>(), swap: constantFirst)
                }
            }
            guard case .value(let value) = constant else { preconditionFailure("nil constant against a non-optional operand") }
            return ordered(self.operand(operand, row, T.self), op, PredicateExpressions.Value<T>(T.unwrap(value)), swap: constantFirst)
        case .compareOperands(let lhs, let op, let rhs):
            if lhs.isOptional {
                return ordered(optionalKeyPath(row, T.self), op, optionalKeyPath(row, T.self), swap: false)
            }
            return ordered(operand(lhs, row, T.self), op, operand(rhs, row, T.self), swap: false)
        case .contains(let operand, let needle):
            guard T.self == String.self else { preconditionFailure("contains on a non-String operand") }
            return contains(self.operand(operand, row, String.self), needle)
        case .inList(let operand, let values):
            if operand.isOptional {
                return sequenceContains(PredicateExpressions.Value<[T?]>(values.map { $0.map(T.unwrap) }), optionalKeyPath(row, T.self))
            }
            return sequenceContains(PredicateExpressions.Value<[T]>(values.map { T.unwrap($0!) }), self.operand(operand, row, T.self))
        case .boolean(let operand):
            guard let condition = self.operand(operand, row, T.self) as? Expression else { preconditionFailure("non-Bool condition") }
            return condition
        }
    }

    /// `==`, `!=` on any equatable output; `<`… on comparable outputs (checked at runtime:
    /// the generator only emits ordering operators on ordered kinds).
    static func ordered<E: Equatable, L: StandardPredicateExpression<E>, R: StandardPredicateExpression<E>>(
        _ lhs: L, _ op: FuzzOperator, _ rhs: R, swap: Bool
    ) -> Expression {
        if swap {
            return ordered(rhs, op, lhs, swap: false)
        }
        switch op {
        case .equal: return PredicateExpressions.build_Equal(lhs: lhs, rhs: rhs)
        case .notEqual: return PredicateExpressions.build_NotEqual(lhs: lhs, rhs: rhs)
        default:
            return orderedComparison(lhs, op.ordering!, rhs)
        }
    }

    static func orderedComparison<E, L: StandardPredicateExpression<E>, R: StandardPredicateExpression<E>>(
        _ lhs: L, _ op: PredicateExpressions.ComparisonOperator, _ rhs: R
    ) -> Expression {
        switch (lhs, rhs) {
        case let (lhs as any StandardPredicateExpression<Int>, rhs as any StandardPredicateExpression<Int>): comparable(lhs, op, rhs)
        case let (lhs as any StandardPredicateExpression<Double>, rhs as any StandardPredicateExpression<Double>): comparable(lhs, op, rhs)
        case let (lhs as any StandardPredicateExpression<String>, rhs as any StandardPredicateExpression<String>): comparable(lhs, op, rhs)
        case let (lhs as any StandardPredicateExpression<Date>, rhs as any StandardPredicateExpression<Date>): comparable(lhs, op, rhs)
        default: preconditionFailure("ordering operator on a non-ordered operand \(E.self)")
        }
    }

    static func comparable<C: Comparable, L: StandardPredicateExpression<C>, R: StandardPredicateExpression<C>>(
        _ lhs: L, _ op: PredicateExpressions.ComparisonOperator, _ rhs: R
    ) -> Expression {
        PredicateExpressions.build_Comparison(lhs: lhs, rhs: rhs, op: op)
    }

    static func contains<B: StandardPredicateExpression<String>>(_ base: B, _ needle: String) -> Expression {
        let expression: PredicateExpressions.CollectionContainsCollection<B, PredicateExpressions.Value<String>> =
            PredicateExpressions.build_contains(base, PredicateExpressions.Value(needle))
        return expression
    }

    static func sequenceContains<S: StandardPredicateExpression, E: StandardPredicateExpression>(_ sequence: S, _ element: E) -> Expression
    where S.Output: Sequence, S.Output.Element: Equatable, S.Output.Element == E.Output {
        let expression: PredicateExpressions.SequenceContains<S, E> = PredicateExpressions.build_contains(sequence, element)
        return expression
    }

    // MARK: Operands

    static func optionalKeyPath<T: FuzzScalar>(_ row: Variable, _: T.Type) -> PredicateExpressions.KeyPath<Variable, T?> {
        PredicateExpressions.build_KeyPath(root: row, keyPath: T.optionalKeyPath)
    }

    /// A non-optional operand of type `T`.
    static func operand<T: FuzzScalar>(_ operand: FuzzOperand, _ row: Variable, _: T.Type) -> any StandardPredicateExpression<T> {
        switch operand {
        case .attribute:
            return PredicateExpressions.build_KeyPath(root: row, keyPath: T.plainKeyPath)
        case .coalesce(_, let value):
            return PredicateExpressions.build_NilCoalesce(lhs: optionalKeyPath(row, T.self), rhs: PredicateExpressions.Value<T>(T.unwrap(value)))
        case .unwrap:
            return PredicateExpressions.build_ForcedUnwrap(optionalKeyPath(row, T.self))
        case .optionalAttribute:
            preconditionFailure("optional operand where a non-optional one is needed")
        }
    }
}
