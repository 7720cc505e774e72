import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct EqualityTests {
    @Test func nonOptionalUsesPlainEquality() throws {
        #expect(try filter(#Predicate<Item> { $0.count == 3 }) == expected(#"("t0"."count" = ?)"#, .integer(3)))
        #expect(try filter(#Predicate<Item> { $0.count != 3 }) == expected(#"("t0"."count" <> ?)"#, .integer(3)))
    }

    @Test func optionalNotEqualKeepsNilRows() throws {
        #expect(try filter(#Predicate<Item> { $0.limit != 3 }) == expected(#"("t0"."limit" IS NOT ?)"#, .integer(3)))
        #expect(try filter(#Predicate<Item> { $0.limit == 3 }) == expected(#"("t0"."limit" IS ?)"#, .integer(3)))
    }

    @Test func nilLiteralTestsAbsence() throws {
        #expect(try filter(#Predicate<Item> { $0.limit == nil }) == expected(#"("t0"."limit" IS NULL)"#))
        #expect(try filter(#Predicate<Item> { $0.owner != nil }) == expected(#"("t0"."owner" IS NOT NULL)"#))
    }

    @Test func capturedNilOptionalIsTheNullKeyword() throws {
        let none: Int? = nil
        #expect(try filter(#Predicate<Item> { $0.limit == none }) == expected(#"("t0"."limit" IS NULL)"#))
        #expect(try filter(#Predicate<Item> { $0.limit != none }, PostgresDialect()) == expected(#"("t0"."limit" IS DISTINCT FROM NULL)"#))
    }

    @Test func capturedOptionalAgainstNilIsAnsweredBeforeTheQuery() throws {
        let none: Int? = nil, five: Int? = 5
        let nobody: PersistentIdentifier? = nil
        #expect(try filter(#Predicate<Item> { _ in none == nil }, PostgresDialect()) == expected("(1 = 1)"))
        #expect(try filter(#Predicate<Item> { _ in nil != none }, PostgresDialect()) == expected("(1 = 0)"))
        #expect(try filter(#Predicate<Item> { _ in five == nil }, PostgresDialect()) == expected("(1 = 0)"))
        #expect(try filter(#Predicate<Item> { _ in nobody == nil }, PostgresDialect()) == expected("(1 = 1)"))
    }

    /// `filter == nil || $0.x == filter!` sends PostgreSQL no NULL parameter, which it could not type.
    @Test func optionalFilterIdiomSendsNoNullBind() throws {
        let none: Bool? = nil
        let statement = try filter(#Predicate<Item> { item in none == nil || item.flag == none! }, PostgresDialect())
        #expect(statement.binds.isEmpty)
        #expect(!statement.text.contains("$"))
        let owner: PersistentIdentifier? = PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: "Person", primaryKey: .integer(7))
        let byOwner = try filter(#Predicate<Item> { owner == nil || $0.owner?.persistentModelID == owner }, PostgresDialect())
        #expect(byOwner.binds == [.integer(7)])
    }

    @Test func stringsBindInNFC() throws {
        #expect(try filter(#Predicate<Item> { $0.name == "cafe\u{301}" }) == expected(#"("t0"."name" = ?)"#, .string("caf\u{E9}")))
    }

    @Test func rawRepresentableBindsRawValue() throws {
        let archived = Status.archived
        #expect(try filter(#Predicate<Item> { $0.status == archived }) == expected(#"("t0"."status" = ?)"#, .string("archived")))
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
        #expect(try filter(#Predicate<Item> { $0.persistentModelID == id }) == expected(#"("t0"."_pk" = ?)"#, .integer(7)))
        #expect(try filter(#Predicate<Item> { $0.persistentModelID != id }) == expected(#"("t0"."_pk" <> ?)"#, .integer(7)))
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
        #expect(try filter(#Predicate<Item> { $0.owner?.persistentModelID == ann }) == expected(#"("t0"."owner" IS ?)"#, .integer(2)))
    }
}
