import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct EqualityTests {
    @Test func nonOptionalUsesPlainEquality() throws {
        #expect(try filter(#Predicate<Item> { $0.count == 3 }) == expected(#"("t0"."count" = ?1)"#, .integer(3)))
        #expect(try filter(#Predicate<Item> { $0.count != 3 }) == expected(#"("t0"."count" <> ?1)"#, .integer(3)))
    }

    @Test func optionalNotEqualKeepsNilRows() throws {
        #expect(try filter(#Predicate<Item> { $0.limit != 3 }) == expected(#"("t0"."limit" IS NOT ?1)"#, .integer(3)))
        #expect(try filter(#Predicate<Item> { $0.limit == 3 }) == expected(#"("t0"."limit" IS ?1)"#, .integer(3)))
    }

    @Test func nilLiteralTestsAbsence() throws {
        #expect(try filter(#Predicate<Item> { $0.limit == nil }) == expected(#"("t0"."limit" IS NULL)"#))
        #expect(try filter(#Predicate<Item> { $0.owner != nil }) == expected(#"("t0"."owner" IS NOT NULL)"#))
    }

    @Test func capturedNilOptionalBindsNull() throws {
        let none: Int? = nil
        #expect(try filter(#Predicate<Item> { $0.limit == none }) == expected(#"("t0"."limit" IS ?1)"#, .null))
    }

    @Test func stringsBindInNFC() throws {
        #expect(try filter(#Predicate<Item> { $0.name == "cafe\u{301}" }) == expected(#"("t0"."name" = ?1)"#, .string("caf\u{E9}")))
    }

    @Test func rawRepresentableBindsRawValue() throws {
        let archived = Status.archived
        #expect(try filter(#Predicate<Item> { $0.status == archived }) == expected(#"("t0"."status" = ?1)"#, .string("archived")))
    }

    @Test func capturedNaNEqualsNothing() throws {
        let nan = Double.nan
        #expect(try filter(#Predicate<Item> { $0.price == nan }) == expected("(1 = 0)"))
        #expect(try filter(#Predicate<Item> { $0.discount != nan }) == expected("(1 = 1)"))
    }

    @Test func twoDoubleColumnsExcludeNaN() throws {
        #expect(try filter(#Predicate<Item> { $0.price != $0.price }) == expected(
            #"(NOT (("t0"."price" = "t0"."price") AND (typeof("t0"."price") <> 'text')))"#))
    }

    @Test func persistentModelIDBindsThePrimaryKey() throws {
        let id = PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: "Item", primaryKey: .integer(7))
        #expect(try filter(#Predicate<Item> { $0.persistentModelID == id }) == expected(#"("t0"."_pk" = ?1)"#, .integer(7)))
        #expect(try filter(#Predicate<Item> { $0.persistentModelID != id }) == expected(#"("t0"."_pk" <> ?1)"#, .integer(7)))
    }

    @Test func identifierOfAnotherStoreOrEntityMatchesNothing() throws {
        let foreign = PersistentIdentifier(storeIdentifier: "other", entityName: "Item", primaryKey: .integer(7))
        let person = PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: "Person", primaryKey: .integer(7))
        let temporary = PersistentIdentifier.temporary(entityName: "Item")
        #expect(try filter(#Predicate<Item> { $0.persistentModelID == foreign }) == expected("(1 = 0)"))
        #expect(try filter(#Predicate<Item> { $0.persistentModelID != person }) == expected("(1 = 1)"))
        #expect(try filter(#Predicate<Item> { $0.persistentModelID == temporary }) == expected("(1 = 0)"))
    }

    @Test func relatedIdentifierComparesTheForeignKey() throws {
        let ann = PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: "Person", primaryKey: .integer(2))
        #expect(try filter(#Predicate<Item> { $0.owner?.persistentModelID == ann }) == expected(#"("t0"."owner" IS ?1)"#, .integer(2)))
    }
}
