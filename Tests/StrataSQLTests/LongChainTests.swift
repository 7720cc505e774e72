import Foundation
import StrataCore
import StrataSQL
import Testing

/// `&&`/`||` chains as flat SQL: thousands of terms folded at run time translate without deep
/// recursion and serialize without deep nesting.
@Suite struct LongChainTests {
    typealias Expression = any StandardPredicateExpression<Bool>

    /// `$0.count == 0 || $0.count == 1 || …`, folded left from `terms` terms; term `unwrapAt`
    /// (if any) is `$0.limit! == index` instead.
    static func chain(_ terms: Int, conjunction: Bool = false, unwrapAt: Set<Int> = [], negated: Bool = false) -> Predicate<Item> {
        func term(_ row: PredicateExpressions.Variable<Item>, _ index: Int) -> Expression {
            if unwrapAt.contains(index) {
                return PredicateExpressions.build_Equal(
                    lhs: PredicateExpressions.build_ForcedUnwrap(PredicateExpressions.build_KeyPath(root: row, keyPath: \.limit)),
                    rhs: PredicateExpressions.Value(index))
            }
            return PredicateExpressions.build_Equal(lhs: PredicateExpressions.build_KeyPath(root: row, keyPath: \.count), rhs: PredicateExpressions.Value(index))
        }
        func link<L: StandardPredicateExpression<Bool>, R: StandardPredicateExpression<Bool>>(_ lhs: L, _ rhs: R) -> Expression {
            conjunction ? PredicateExpressions.build_Conjunction(lhs: lhs, rhs: rhs) : PredicateExpressions.build_Disjunction(lhs: lhs, rhs: rhs)
        }
        func not<W: StandardPredicateExpression<Bool>>(_ wrapped: W) -> Expression {
            PredicateExpressions.build_Negation(wrapped)
        }
        return Predicate<Item> { row in
            var chain = term(row, 0)
            for index in 1..<terms { chain = link(chain, term(row, index)) }
            return negated ? not(chain) : chain
        }
    }

    /// The deepest parenthesis nesting of `text`.
    static func nesting(_ text: String) -> Int {
        var (depth, deepest) = (0, 0)
        for character in text.utf8 {
            if character == UInt8(ascii: "(") { depth += 1; deepest = max(deepest, depth) }
            if character == UInt8(ascii: ")") { depth -= 1 }
        }
        return deepest
    }

    @Test func threeTermsAreOneFlatChain() throws {
        #expect(try filter(Self.chain(3)) == expected(
            #"(("t0"."count" = ?) OR ("t0"."count" = ?) OR ("t0"."count" = ?))"#, .integer(0), .integer(1), .integer(2)))
        #expect(try filter(#Predicate<Item> { $0.flag && ($0.count > 1 && $0.name == "x") }) == expected(
            #"(("t0"."flag" = ?) AND ("t0"."count" > ?) AND ("t0"."name" = ?))"#, .bool(true), .integer(1), .string("x")))
    }

    @Test(arguments: [false, true])
    func fiveThousandTermsNestShallowly(conjunction: Bool) throws {
        let statement = try filter(Self.chain(5_000, conjunction: conjunction))
        #expect(statement.binds.count == 5_000)
        #expect(statement.binds.last == .integer(4_999))
        // 16 terms per flat group, halves above: 2 + log2(5000 / 16) levels of parentheses.
        #expect(Self.nesting(statement.text) <= 12)
    }

    @Test func oneUnwrapInTheMiddleCountsOnlyWhenEarlierTermsLeaveTheChainUndecided() throws {
        let statement = try filter(Self.chain(3, unwrapAt: [1]))
        #expect(statement == expected(
            #"((("t0"."count" = ?) OR ("t0"."limit" = ?) OR ("t0"."count" = ?)) AND (NOT ((NOT ("t0"."count" = ?)) AND ("t0"."limit" IS NULL))))"#,
            .integer(0), .integer(1), .integer(2), .integer(0)))
    }

    @Test func severalUnwrapsWalkTheTermsInOneCase() throws {
        let statement = try filter(Self.chain(4, conjunction: true, unwrapAt: [1, 2]))
        #expect(statement == expected(
            #"((("t0"."count" = ?) AND ("t0"."limit" = ?) AND ("t0"."limit" = ?) AND ("t0"."count" = ?)) AND (NOT (CASE"#
                + #" WHEN (NOT ("t0"."count" = ?)) THEN (1 = 0) WHEN ("t0"."limit" IS NULL) THEN (1 = 1)"#
                + #" WHEN (NOT ("t0"."limit" = ?)) THEN (1 = 0) WHEN ("t0"."limit" IS NULL) THEN (1 = 1) ELSE (1 = 0) END)))"#,
            .integer(0), .integer(1), .integer(2), .integer(3), .integer(0), .integer(1)))
    }

    @Test func manyUnwrapsStayLinearInSize() throws {
        let statement = try filter(Self.chain(2_000, unwrapAt: Set(stride(from: 0, to: 2_000, by: 2))))
        // The chain, plus each term once more in the CASE: never a prefix per term.
        #expect(statement.binds.count < 4_000)
    }

    @Test func aNegatedChainIsOneNot() throws {
        let statement = try filter(Self.chain(5_000, negated: true))
        #expect(statement.text.hasPrefix(#"(NOT (("t0"."count" = ?) OR"#) || statement.text.hasPrefix("(NOT (((("))
        #expect(statement.binds.count == 5_000)
        #expect(Self.nesting(statement.text) <= 13)
    }
}
