import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct ComparisonTests {
    @Test func integersCompareDirectly() throws {
        #expect(try filter(#Predicate<Item> { $0.count >= 2 }) == expected(#"("t0"."count" >= ?)"#, .integer(2)))
    }

    @Test func stringsCompareByCodePoint() throws {
        #expect(try filter(#Predicate<Item> { $0.name < "a" }) == expected(#"("t0"."name" < ?)"#, .string("a")))
        #expect(try filter(#Predicate<Item> { $0.name < "a" }, PostgresDialect()) == expected(
            #"("t0"."name" COLLATE "C" < $1)"#, .string("a")))
    }

    @Test func doublesNeverOrderNaN() throws {
        #expect(try filter(#Predicate<Item> { $0.price > 1.5 }) == expected(
            #"(("t0"."price" > ?) AND (typeof("t0"."price") <> 'text'))"#, .double(1.5)))
        #expect(try filter(#Predicate<Item> { $0.price <= 0 }, PostgresDialect()) == expected(
            #"(("t0"."price" <= $1) AND ("t0"."price" IS DISTINCT FROM 'NaN'::float8))"#, .double(0)))
    }

    @Test func capturedNaNOrdersWithNothing() throws {
        let nan = Double.nan
        #expect(try filter(#Predicate<Item> { $0.price < nan }) == expected("(1 = 0)"))
    }

    @Test func datesCompareDirectly() throws {
        let start = Date(timeIntervalSince1970: 100)
        #expect(try filter(#Predicate<Item> { $0.date < start }) == expected(#"("t0"."date" < ?)"#, .date(start)))
    }

    @Test func unorderedTypesStayInMemory() throws {
        let active = Status.active
        let amount = Decimal(1)
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.status < active }) }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.amount > amount }) }
    }

    @Test func doublesStayInMemoryWhenTheDialectCannotSeeNaN() {
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.price > 1 }, AdjustedDialect.nanUnaware) }
    }
}
