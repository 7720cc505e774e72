import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct LogicTests {
    @Test func boolAttributeIsComparedWithTrue() throws {
        #expect(try filter(#Predicate<Item> { $0.flag }) == expected(#"("t0"."flag" = ?)"#, .bool(true)))
    }

    @Test func negationOverNullSafeEquality() throws {
        #expect(try filter(#Predicate<Item> { !($0.limit == 3) }) == expected(#"(NOT ("t0"."limit" IS ?))"#, .integer(3)))
    }

    @Test func conjunctionAndDisjunctionNest() throws {
        #expect(try filter(#Predicate<Item> { !$0.flag && $0.count > 1 || $0.name == "x" }) == expected(
            #"(((NOT ("t0"."flag" = ?)) AND ("t0"."count" > ?)) OR ("t0"."name" = ?))"#,
            .bool(true), .integer(1), .string("x")))
    }

    @Test func disjunctionSkipsTheRightErrorWhenTheLeftHolds() throws {
        #expect(try filter(#Predicate<Item> { $0.count == 2 || $0.limit! > 1 }) == expected(
            #"((("t0"."count" = ?) OR ("t0"."limit" > ?)) AND (NOT ((NOT ("t0"."count" = ?)) AND ("t0"."limit" IS NULL))))"#,
            .integer(2), .integer(1), .integer(2)))
    }

    @Test func leftErrorAlwaysCounts() throws {
        #expect(try filter(#Predicate<Item> { $0.limit! > 1 || $0.count == 2 }) == expected(
            #"((("t0"."limit" > ?) OR ("t0"."count" = ?)) AND (NOT ("t0"."limit" IS NULL)))"#, .integer(1), .integer(2)))
    }

    @Test func conjunctionSkipsTheRightErrorWhenTheLeftFails() throws {
        #expect(try filter(#Predicate<Item> { $0.count == 2 && $0.limit! > 1 }) == expected(
            #"((("t0"."count" = ?) AND ("t0"."limit" > ?)) AND (NOT (("t0"."count" = ?) AND ("t0"."limit" IS NULL))))"#,
            .integer(2), .integer(1), .integer(2)))
    }

    @Test func negationKeepsTheError() throws {
        #expect(try filter(#Predicate<Item> { !($0.limit! > 1) }) == expected(
            #"((NOT ("t0"."limit" > ?)) AND (NOT ("t0"."limit" IS NULL)))"#, .integer(1)))
    }
}
