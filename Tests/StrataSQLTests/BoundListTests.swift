import Foundation
import StrataCore
import StrataSQL
import Testing

/// Captured lists longer than the dialect's inline length as one bound value: a JSON array read by
/// SQLite's `json_each`, a PostgreSQL array literal read by `unnest`.
@Suite struct BoundListTests {
    static let long = Array(0...1_000)

    @Test(arguments: [SQLiteDialect() as any SQLDialect, PostgresDialect()])
    func atTheInlineLengthTheListIsWrittenOut(dialect: any SQLDialect) throws {
        let values = Array(Self.long.prefix(dialect.inlineListLength))
        let statement = try filter(#Predicate<Item> { values.contains($0.count) }, dialect)
        #expect(statement.binds.count == dialect.inlineListLength)
        #expect(statement.text.hasPrefix(#"("t0"."count" IN ("# + dialect.placeholder(1) + ", " + dialect.placeholder(2) + ", "))
    }

    @Test func sqliteBindsOneJSONArray() throws {
        let values = Self.long
        #expect(try filter(#Predicate<Item> { values.contains($0.count) }) == expected(
            #"("t0"."count" IN (SELECT "value" FROM json_each(?)))"#, .string("[" + values.map(String.init).joined(separator: ",") + "]")))
    }

    @Test func postgresBindsOneArrayLiteral() throws {
        let values = Self.long
        #expect(try filter(#Predicate<Item> { values.contains($0.count) }, PostgresDialect()) == expected(
            #"("t0"."count" IN (SELECT "unnest" FROM unnest(CAST($1 AS BIGINT[]))))"#, .string("{" + values.map(String.init).joined(separator: ",") + "}")))
    }

    @Test func nullableElementsStayTwoValued() throws {
        let values: [Int?] = Self.long.map { $0 } + [nil]
        let statement = try filter(#Predicate<Item> { values.contains($0.limit) })
        #expect(statement.text == #"(("t0"."limit" IS NULL) OR ("t0"."limit" IN (SELECT "value" FROM json_each(?))))"#)
        let withoutNil: [Int?] = Self.long.map { $0 }
        let negated = try filter(#Predicate<Item> { !withoutNil.contains($0.limit) })
        #expect(negated.text == #"(NOT (("t0"."limit" IS NOT NULL) AND ("t0"."limit" IN (SELECT "value" FROM json_each(?)))))"#)
    }

    /// The text a statement binds first.
    func boundText(_ statement: SQLStatement) -> String? {
        guard case .string(let text) = statement.binds.first else { return nil }
        return text
    }

    /// The one bound text of a list of `values` compared with the `Double` attribute.
    func listText(_ values: [Double], _ dialect: any SQLDialect) throws -> String? {
        boundText(try filter(#Predicate<Item> { values.contains($0.price) }, dialect))
    }

    @Test func doublesKeepTheirShortestExactFormAndInfinities() throws {
        let values = [-0.0, .infinity, -.infinity, 0.1, .leastNonzeroMagnitude, .nan] + Array(repeating: 1.5, count: 1_000)
        let sqlite = try #require(try listText(values, SQLiteDialect()))
        #expect(sqlite.hasPrefix("[-0.0,9e999,-9e999,0.1,5e-324,1.5,"))
        let postgres = try #require(try listText(values, PostgresDialect()))
        #expect(postgres.hasPrefix("{-0.0,Infinity,-Infinity,0.1,5e-324,1.5,"))
    }

    @Test func stringsAreQuotedForEachFormat() throws {
        let values = ["a\"b\\c", "tab\t", "é"] + Self.long.map { "s\($0)" }
        let sqlite = try filter(#Predicate<Item> { values.contains($0.name) })
        #expect(boundText(sqlite)?.contains(#"["a\"b\\c","tab\u0009","é","s0","#) == true)
        let postgres = try filter(#Predicate<Item> { values.contains($0.name) }, PostgresDialect())
        #expect(postgres.text == #"("t0"."name" IN (SELECT "unnest" FROM unnest(CAST($1 AS TEXT[]))))"#)
        #expect(boundText(postgres)?.contains(#"{"a\"b\\c","tab"# + "\t" + #"","é","s0","#) == true)
    }

    @Test func sqliteComparesStringsWithNULByHex() throws {
        let values = ["a\0b"] + Self.long.map { "s\($0)" }
        let statement = try filter(#Predicate<Item> { values.contains($0.name) })
        #expect(statement.text == #"(hex("t0"."name") IN (SELECT "value" FROM json_each(?)))"#)
        #expect(boundText(statement)?.contains(#"["610062","7330","#) == true)
    }

    @Test func codableValuesAreNeverBoundAsAList() {
        let values = Self.long.map { ["\($0)"] }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { values.contains($0.tags) }) }
    }

    @Test func aDialectWithoutBoundListsSplitsTheList() throws {
        let values = [1, 2, 3, 4, 5]
        let statement = try filter(#Predicate<Item> { values.contains($0.count) }, AdjustedDialect.fourBinds)
        #expect(statement.binds.count == 5)
    }
}
