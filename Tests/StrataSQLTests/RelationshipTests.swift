import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct RelationshipTests {
    @Test func containsWhereIsExistsOverTheInverseColumn() throws {
        #expect(try filter(#Predicate<Person> { $0.items.contains { $0.count > 2 } }) == expected(
            #"EXISTS (SELECT 1 FROM "Item" AS "t1" WHERE (("t1"."owner" = "t0"."_pk") AND ("t1"."count" > ?)))"#, .integer(2)))
    }

    @Test func manyToManyGoesThroughTheJoinTable() throws {
        #expect(try filter(#Predicate<Item> { $0.labels.contains { $0.text == "x" } }) == expected(
            #"EXISTS (SELECT 1 FROM "Label" AS "t1" WHERE (("t1"."_pk" IN (SELECT "t2"."target" FROM "Item_labels" AS "t2" WHERE ("t2"."owner" = "t0"."_pk"))) AND ("t1"."text" = ?)))"#,
            .string("x")))
        #expect(try filter(#Predicate<Label> { $0.items.isEmpty }) == expected(
            #"(NOT EXISTS (SELECT 1 FROM "Item" AS "t1" WHERE ("t1"."_pk" IN (SELECT "t2"."owner" FROM "Item_labels" AS "t2" WHERE ("t2"."target" = "t0"."_pk")))))"#))
    }

    @Test func allSatisfyIsNotExistsOfACounterexample() throws {
        #expect(try filter(#Predicate<Person> { $0.items.allSatisfy { $0.flag } }) == expected(
            #"(NOT EXISTS (SELECT 1 FROM "Item" AS "t1" WHERE (("t1"."owner" = "t0"."_pk") AND (NOT ("t1"."flag" = ?)))))"#, .bool(true)))
    }

    @Test func countAndIsEmptyAreSubqueries() throws {
        #expect(try filter(#Predicate<Person> { $0.items.count > 2 }) == expected(
            #"((SELECT COUNT(*) FROM "Item" AS "t1" WHERE ("t1"."owner" = "t0"."_pk")) > ?)"#, .integer(2)))
        #expect(try filter(#Predicate<Person> { $0.items.isEmpty }) == expected(
            #"(NOT EXISTS (SELECT 1 FROM "Item" AS "t1" WHERE ("t1"."owner" = "t0"."_pk")))"#))
    }

    @Test func throwingTestsStayInMemory() {
        #expect(throws: DataStoreError.preferInMemoryFilter) {
            try filter(#Predicate<Person> { $0.items.contains { $0.limit! > 1 } })
        }
    }
}
