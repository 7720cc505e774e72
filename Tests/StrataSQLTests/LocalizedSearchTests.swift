import Foundation
import StrataCore
import StrataSQL
import Testing

/// `localizedStandardContains`: SQLite calls Foundation's search as a SQL function, with every
/// value bound; PostgreSQL, whose folding is not Foundation's, leaves it to Swift.
@Suite struct LocalizedSearchTests {
    @Test func sqliteCallsTheRegisteredFunctionWithTheNeedleBound() throws {
        #expect(try filter(#Predicate<Item> { $0.name.localizedStandardContains("Café 50%_") }) == expected(
            #"strata_localized_standard_contains("t0"."name", ?)"#, .string("Café 50%_".precomposedStringWithCanonicalMapping)))
    }

    @Test func aDecomposedNeedleIsBoundInNFC() throws {
        #expect(try filter(#Predicate<Item> { $0.name.localizedStandardContains("Cafe\u{301}") }) == expected(
            #"strata_localized_standard_contains("t0"."name", ?)"#, .string("Caf\u{E9}")))
    }

    @Test func negationAndColumnsKeepTwoValuedLogic() throws {
        #expect(try filter(#Predicate<Item> { !$0.name.localizedStandardContains($0.note ?? "") && $0.count > 1 }) == expected(
            #"((NOT strata_localized_standard_contains("t0"."name", COALESCE("t0"."note", ?))) AND ("t0"."count" > ?))"#,
            .string(""), .integer(1)))
    }

    @Test func anOptionalChainIsNULLWhereTheValueIs() throws {
        #expect(try filter(#Predicate<Item> { $0.note?.localizedStandardContains("x") == true }) == expected(
            #"((CASE WHEN ("t0"."note" IS NULL) THEN NULL ELSE strata_localized_standard_contains("t0"."note", ?) END) IS ?)"#,
            .string("x"), .bool(true)))
    }

    @Test func postgresAndDialectsWithoutTheFunctionLeaveItToSwift() {
        #expect(throws: DataStoreError.preferInMemoryFilter) {
            try filter(#Predicate<Item> { $0.name.localizedStandardContains("cafe") }, PostgresDialect())
        }
        #expect(throws: DataStoreError.preferInMemoryFilter) {
            try filter(#Predicate<Item> { !$0.name.localizedStandardContains("cafe") }, PostgresDialect())
        }
    }

    @Test func partOfAConjunctionStillRunsInSQLOnPostgres() throws {
        let translator = SQLQueryTranslator(schema: schema, entity: schema.entity(for: Item.self)!, dialect: PostgresDialect(), storeIdentifier: storeIdentifier)
        let partial = try translator.partialFilter(#Predicate<Item> { $0.count > 1 && $0.name.localizedStandardContains("cafe") })
        #expect(partial.translated == [true, false])
    }
}
