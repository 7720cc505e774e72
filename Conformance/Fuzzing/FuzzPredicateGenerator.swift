/// Generates random, well-typed predicate trees over `Row`: `==`/`!=` against values, the `nil`
/// literal and captured nils on every optional attribute; ordering on `Int`, `Double`,
/// `String`, `Date` (plain, through `??` or a forced unwrap); attribute against attribute;
/// `String.contains` with tricky needles; `IN` lists (empty, with duplicates and nils); `Bool`
/// attributes as conditions; `&&`, `||`, `!` nested up to ``maxDepth`` levels.
struct FuzzPredicateGenerator {
    /// Levels of the tree, a leaf counting as one.
    var maxDepth = 4

    func predicate(using generator: inout SplitMix64) -> FuzzPredicate {
        node(level: 1, using: &generator)
    }

    private func node(level: Int, using generator: inout SplitMix64) -> FuzzPredicate {
        if level >= maxDepth || generator.chance(level == 1 ? 0.2 : 0.45) {
            return .leaf(leaf(using: &generator))
        }
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1: return .and(node(level: level + 1, using: &generator), node(level: level + 1, using: &generator))
        case 2, 3: return .or(node(level: level + 1, using: &generator), node(level: level + 1, using: &generator))
        default: return .not(node(level: level + 1, using: &generator))
        }
    }

    private func operand(_ kind: FuzzKind, allowOptional: Bool, using generator: inout SplitMix64) -> FuzzOperand {
        let roll = Double.random(in: 0..<1, using: &generator)
        if allowOptional && roll < 0.35 { return .optionalAttribute(kind) }
        if roll < 0.65 { return .attribute(kind) }
        if roll < 0.85 { return .coalesce(kind, FuzzValuePool.value(kind, using: &generator)) }
        return .unwrap(kind)
    }

    private func someOperator(for kind: FuzzKind, optional: Bool, using generator: inout SplitMix64) -> FuzzOperator {
        kind.isOrdered && !optional ? generator.pick(FuzzOperator.allCases) : generator.pick(FuzzOperator.equality)
    }

    func leaf(using generator: inout SplitMix64) -> FuzzLeaf {
        let kind = generator.pick(FuzzKind.allCases)
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case ..<40:
            let lhs = operand(kind, allowOptional: true, using: &generator)
            let op = someOperator(for: kind, optional: lhs.isOptional, using: &generator)
            var constant = FuzzConstant.value(FuzzValuePool.value(kind, using: &generator))
            if lhs.isOptional && generator.chance(0.35) {
                constant = generator.chance(0.5) ? .nilLiteral : .capturedNil
            }
            return .compare(lhs, op, constant, constantFirst: generator.chance(0.2))
        case ..<52:
            let lhs = operand(kind, allowOptional: true, using: &generator)
            let rhs = lhs.isOptional ? lhs : operand(kind, allowOptional: false, using: &generator)
            return .compareOperands(lhs, someOperator(for: kind, optional: lhs.isOptional, using: &generator), rhs)
        case ..<70:
            let base = operand(.string, allowOptional: false, using: &generator)
            return .contains(base, generator.pick(FuzzValuePool.needles))
        case ..<88:
            let element = operand(kind, allowOptional: true, using: &generator)
            let count = generator.chance(0.15) ? 0 : Int.random(in: 1...5, using: &generator)
            var values: [FuzzValue?] = []
            for _ in 0..<count {
                if element.isOptional && generator.chance(0.2) {
                    values.append(nil)
                } else if !values.isEmpty && generator.chance(0.25) {
                    values.append(generator.pick(values))
                } else {
                    values.append(FuzzValuePool.value(kind, using: &generator))
                }
            }
            return .inList(element, values)
        default:
            return .boolean(operand(.bool, allowOptional: false, using: &generator))
        }
    }
}
