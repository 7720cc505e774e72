import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct OptionalTests {
    @Test func nilCoalescingIsCoalesce() throws {
        #expect(try filter(#Predicate<Item> { ($0.limit ?? 0) > 1 }) == expected(
            #"(COALESCE("t0"."limit", ?) > ?)"#, .integer(0), .integer(1)))
    }

    @Test func coalescedDoublesKeepTheNaNGuard() throws {
        #expect(try filter(#Predicate<Item> { ($0.discount ?? 0) < 1 }) == expected(
            #"((COALESCE("t0"."discount", ?) < ?) AND (typeof(COALESCE("t0"."discount", ?)) <> 'text'))"#,
            .double(0), .double(1), .double(0)))
    }

    @Test func optionalChainingThroughToOneIsAScalarSubquery() throws {
        #expect(try filter(#Predicate<Item> { $0.owner?.name == "Ann" }) == expected(
            #"((SELECT "t1"."name" FROM "Person" AS "t1" WHERE ("t1"."_pk" = "t0"."owner")) IS ?)"#, .string("Ann")))
    }

    @Test func chainedLinksNestSubqueries() throws {
        #expect(try filter(#Predicate<Item> { $0.owner?.manager?.name != "Ann" }) == expected(
            #"((SELECT "t2"."name" FROM "Person" AS "t2" WHERE ("t2"."_pk" = (SELECT "t1"."manager" FROM "Person" AS "t1" WHERE ("t1"."_pk" = "t0"."owner")))) IS NOT ?)"#,
            .string("Ann")))
    }

    @Test func forcedUnwrapOfALinkIsAnError() throws {
        #expect(try filter(#Predicate<Item> { $0.owner!.name == "Ann" }) == expected(
            #"(((SELECT "t1"."name" FROM "Person" AS "t1" WHERE ("t1"."_pk" = "t0"."owner")) = ?) AND (NOT ("t0"."owner" IS NULL)))"#,
            .string("Ann")))
    }

    @Test func optionalChainOverAValueIsNullWhenAbsent() throws {
        #expect(try filter(#Predicate<Item> { $0.note?.isEmpty == true }) == expected(
            #"((CASE WHEN ("t0"."note" IS NULL) THEN NULL ELSE ("t0"."note" = ?) END) IS ?)"#, .string(""), .bool(true)))
    }
}
