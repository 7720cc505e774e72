import Foundation
import StrataCore
import StrataSQL
import Testing

@Model class Shape {
    var name: String
    init(name: String) { self.name = name }
}

@Model class Polygon: Shape {
    var sides: Int
    init(name: String, sides: Int) {
        self.sides = sides
        super.init(name: name)
    }
}

@Model final class Square: Polygon {
    var side: Double = 1
}

/// A class hierarchy's table, and `is` / `as?` translated to its discriminator (semantics rule 36).
@Suite struct HierarchyTests {
    static let schema = Schema([Shape.self, Polygon.self, Square.self])

    /// The statement a predicate over `T` filters with, in SQLite's dialect.
    func filter<T: PersistentModel>(_ predicate: Predicate<T>) throws -> SQLStatement {
        let translator = SQLQueryTranslator(
            schema: Self.schema, entity: Self.schema.entity(for: T.self)!, dialect: SQLiteDialect(), storeIdentifier: storeIdentifier)
        var serializer = SQLSerializer(dialect: SQLiteDialect())
        serializer.write(try translator.filter(predicate))
        return serializer.statement
    }

    @Test func oneTableHoldsTheHierarchy() throws {
        let tables = try SchemaTables(schema: Self.schema, dialect: SQLiteDialect())
        #expect(tables.tables.map(\.name) == ["Shape"])
        #expect(tables.tables[0].columns.map(\.name) == ["_pk", "_entity", "name", "sides", "side"])
    }

    @Test func isASubclassReadsTheDiscriminator() throws {
        #expect(try filter(#Predicate<Shape> { $0 is Polygon }) == expected(
            #"(("t0"."_entity" IS NOT NULL) AND ("t0"."_entity" IN (?, ?)))"#, .string("Polygon"), .string("Square")))
    }

    @Test func conditionalCastReadsTheSubclassPropertyByKey() throws {
        #expect(try filter(#Predicate<Shape> { ($0 as? Polygon)?.sides == 4 }) == expected(
            #"((SELECT "t1"."sides" FROM "Shape" AS "t1" WHERE ("t1"."_pk" = (CASE WHEN (("t0"."_entity" IS NOT NULL) AND ("t0"."_entity" IN (?, ?))) THEN "t0"."_pk" ELSE NULL END))) IS ?)"#,
            .string("Polygon"), .string("Square"), .integer(4)))
    }

    @Test func aSubclassReadsAnInheritedPropertyFromItsColumn() throws {
        #expect(try filter(#Predicate<Square> { $0.name == "a" && $0.sides == 4 }) == expected(
            #"(("t0"."name" = ?) AND ("t0"."sides" = ?))"#, .string("a"), .integer(4)))
    }
}
