import StrataCore

/// `||` and `&&` chains of 5,000 terms, folded at run time the way an app builds a predicate
/// from a list of conditions, with forced unwraps placed so Swift's left-to-right short circuit
/// decides which rows throw (and so never match), on the rows of ``CollectionCases/rows()``.
extension CollectionCases {
    static let chainLength = 5_000

    static var longChains: [ConformanceCase] {
        let t = table("longChain")
        let absent = { (index: Int) in LongChain.equal(index + 1_000) }
        return [
            // Only term 1,000 matches a row (r3).
            t("or", LongChain.predicate(.or) { $0 == 1_000 ? LongChain.equal(3) : absent($0) }, ["r3"]),
            // Every term holds except term 1,000 (for r3).
            t("and", LongChain.predicate(.and) { $0 == 1_000 ? LongChain.notEqual(3) : LongChain.notEqual($0 + 1_000) },
              ["r0", "r1", "r2", "r4", "r5"]),
            // r2 is decided (int == 2) before `optInt!` throws for it; r4 (nil optInt) throws;
            // term 4,000's unwrap of optString throws only for rows already decided or failed.
            t("orUnwrapAfterMatch", LongChain.predicate(.or) { index in
                switch index {
                case 1_000: LongChain.equal(2)
                case 2_500: LongChain.unwrappedOptIntAbove(0)
                case 4_000: LongChain.unwrappedOptStringEquals("zz")
                default: absent(index)
                }
            }, ["r1", "r2", "r3", "r5"]),
            // The unwrap comes first: r2 throws before its match at term 1,000 is reached.
            t("orUnwrapFirst", LongChain.predicate(.or) { index in
                switch index {
                case 0: LongChain.unwrappedOptIntAbove(2)
                case 1_000: LongChain.equal(2)
                default: absent(index)
                }
            }, ["r3", "r5"]),
            // r3 fails at term 1,000 before `optInt!` throws; r2 and r4 (nil optInt) throw.
            t("andUnwrapAfterFailure", LongChain.predicate(.and) { index in
                switch index {
                case 1_000: LongChain.notEqual(3)
                case 2_500: LongChain.unwrappedOptIntAbove(-5)
                case 4_000: LongChain.unwrappedOptStringEquals("zz", negated: true)
                default: LongChain.notEqual(index + 1_000)
                }
            }, ["r0", "r1", "r5"]),
            // Negating the chain keeps the rows that throw out: r3 (false) matches, r2 and r4 do not.
            t("notAndUnwrap", LongChain.predicate(.and, negated: true) { index in
                switch index {
                case 1_000: LongChain.notEqual(3)
                case 2_500: LongChain.unwrappedOptIntAbove(-5)
                default: LongChain.notEqual(index + 1_000)
                }
            }, ["r3"]),
        ]
    }
}

/// Builds chain predicates from `PredicateExpressions` nodes, opening existentials with
/// generic helpers, as code that assembles a predicate at run time does.
enum LongChain {
    typealias Expression = any StandardPredicateExpression<Bool>
    typealias Term = (PredicateExpressions.Variable<Row>) -> Expression

    enum Operator { case and, or }

    /// `term(0) op term(1) op … op term(chainLength - 1)`, folded left as `reduce` would, and
    /// negated as a whole when asked.
    static func predicate(_ op: Operator, negated: Bool = false, _ term: (Int) -> Term) -> Predicate<Row> {
        Predicate<Row> { row in
            var chain = term(0)(row)
            for index in 1..<CollectionCases.chainLength {
                chain = link(op, chain, term(index)(row))
            }
            return negated ? not(chain) : chain
        }
    }

    static func link<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ op: Operator, _ lhs: L, _ rhs: R) -> Expression {
        switch op {
        case .and: PredicateExpressions.build_Conjunction(lhs: lhs, rhs: rhs)
        case .or: PredicateExpressions.build_Disjunction(lhs: lhs, rhs: rhs)
        }
    }

    static func not<W: StandardPredicateExpression<Bool>>(_ wrapped: W) -> Expression {
        PredicateExpressions.build_Negation(wrapped)
    }

    /// `$0.int == value`.
    static func equal(_ value: Int) -> Term {
        { row in PredicateExpressions.build_Equal(lhs: PredicateExpressions.build_KeyPath(root: row, keyPath: \.int), rhs: PredicateExpressions.Value(value)) }
    }

    /// `$0.int != value`.
    static func notEqual(_ value: Int) -> Term {
        { row in PredicateExpressions.build_NotEqual(lhs: PredicateExpressions.build_KeyPath(root: row, keyPath: \.int), rhs: PredicateExpressions.Value(value)) }
    }

    /// `$0.optInt! > value`: throws where `optInt` is nil.
    static func unwrappedOptIntAbove(_ value: Int) -> Term {
        { row in
            PredicateExpressions.build_Comparison(
                lhs: PredicateExpressions.build_ForcedUnwrap(PredicateExpressions.build_KeyPath(root: row, keyPath: \.optInt)),
                rhs: PredicateExpressions.Value(value), op: .greaterThan)
        }
    }

    /// `$0.optString! == value` (or `!=`): throws where `optString` is nil.
    static func unwrappedOptStringEquals(_ value: String, negated: Bool = false) -> Term {
        { row in
            let unwrapped = PredicateExpressions.build_ForcedUnwrap(PredicateExpressions.build_KeyPath(root: row, keyPath: \.optString))
            let constant = PredicateExpressions.Value(value)
            return negated ? PredicateExpressions.build_NotEqual(lhs: unwrapped, rhs: constant) : PredicateExpressions.build_Equal(lhs: unwrapped, rhs: constant)
        }
    }
}
