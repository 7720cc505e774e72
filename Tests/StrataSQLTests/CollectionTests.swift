import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct CollectionTests {
    @Test func capturedArrayIsAnInList() throws {
        let names = ["a", "e\u{301}"]
        #expect(try filter(#Predicate<Item> { names.contains($0.name) }) == expected(
            #"("t0"."name" IN (?, ?))"#, .string("a"), .string("\u{E9}")))
    }

    @Test func emptyListMatchesNothing() throws {
        let none: [Int] = []
        #expect(try filter(#Predicate<Item> { none.contains($0.count) }) == expected("(1 = 0)"))
    }

    @Test func nilInTheListMatchesNull() throws {
        let limits: [Int?] = [1, nil, 3]
        #expect(try filter(#Predicate<Item> { limits.contains($0.limit) }) == expected(
            #"(("t0"."limit" IS NULL) OR ("t0"."limit" IN (?, ?)))"#, .integer(1), .integer(3)))
    }

    @Test func nullableElementWithoutNilIsNeverNull() throws {
        let limits: [Int?] = [1]
        #expect(try filter(#Predicate<Item> { limits.contains($0.limit) }) == expected(
            #"(("t0"."limit" IS NOT NULL) AND ("t0"."limit" IN (?)))"#, .integer(1)))
    }

    @Test func longListsAreSplitUnderTheBindLimit() throws {
        let counts = [1, 2, 3, 4, 5]
        #expect(try filter(#Predicate<Item> { counts.contains($0.count) }, AdjustedDialect.fourBinds) == expected(
            #"(("t0"."count" IN ($1, $2)) OR ("t0"."count" IN ($3, $4)) OR ("t0"."count" IN ($5)))"#,
            .integer(1), .integer(2), .integer(3), .integer(4), .integer(5)))
    }

    @Test func nanElementsMatchNothing() throws {
        let prices = [Double.nan, 2]
        #expect(try filter(#Predicate<Item> { prices.contains($0.price) }) == expected(#"("t0"."price" IN (?))"#, .double(2)))
    }

    @Test func identifiersOfThisStoreBecomeKeys() throws {
        let ids = [
            PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: "Item", primaryKey: .integer(4)),
            PersistentIdentifier(storeIdentifier: "other", entityName: "Item", primaryKey: .integer(5)),
        ]
        #expect(try filter(#Predicate<Item> { ids.contains($0.persistentModelID) }) == expected(#"("t0"."_pk" IN (?))"#, .integer(4)))
    }

    @Test func rangesAreTwoComparisons() throws {
        let range = 2..<9
        #expect(try filter(#Predicate<Item> { (1...5).contains($0.count) }) == expected(
            #"((? <= "t0"."count") AND ("t0"."count" <= ?))"#, .integer(1), .integer(5)))
        #expect(try filter(#Predicate<Item> { range.contains($0.count) }) == expected(
            #"((? <= "t0"."count") AND ("t0"."count" < ?))"#, .integer(2), .integer(9)))
    }

    @Test func codableAttributesStayInMemory() {
        let tags = ["a"]
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.tags == tags }) }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.tags.contains("a") }) }
    }
}
