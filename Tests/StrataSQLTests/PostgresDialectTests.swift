import Foundation
import StrataCore
import StrataSQL
import Testing

/// The exact SQL the PostgreSQL dialect produces where it differs from SQLite's.
@Suite struct PostgresDialectTests {
    let dialect = PostgresDialect()

    @Test func optionalEqualityIsNullSafe() throws {
        #expect(try filter(#Predicate<Item> { $0.limit == 3 }, dialect) == expected(#"("t0"."limit" IS NOT DISTINCT FROM $1)"#, .integer(3)))
        #expect(try filter(#Predicate<Item> { $0.limit != 3 }, dialect) == expected(#"("t0"."limit" IS DISTINCT FROM $1)"#, .integer(3)))
    }

    @Test func storedDoublesNeverEqualAsNaN() throws {
        #expect(try filter(#Predicate<Item> { $0.price == $0.price }, dialect) == expected(
            #"(("t0"."price" = "t0"."price") AND ("t0"."price" IS DISTINCT FROM 'NaN'::float8))"#))
    }

    @Test func searchUsesStrposAndKeepsEscapeCharactersInMemory() throws {
        #expect(try filter(#Predicate<Item> { $0.name.starts(with: "ab") }, dialect) == expected(#"(strpos("t0"."name", $1) = 1)"#, .string("ab")))
        for needle in ["a\u{0}", "\u{1}", "b\u{2}c"] {
            #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.name.contains(needle) }, dialect) }
        }
    }

    @Test func windowsNeedNoPlaceholderLimit() {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write(SQLSelect(columns: [.keyword("1")], from: "T", as: "t0", offset: .bind(.integer(5))))
        #expect(serializer.text == #"SELECT 1 FROM "T" AS "t0" OFFSET $1"#)
    }

    @Test func columnsHaveNativeTypes() throws {
        let tables = try SchemaTables(schema: Schema([Item.self]), dialect: dialect)
        let item = try #require(tables.tables.first { $0.name == "Item" })
        let types = Dictionary(uniqueKeysWithValues: item.columns.map { ($0.name, $0.type.description) })
        #expect(types["_pk"] == "BIGINT")
        #expect(types["name"] == "TEXT")
        #expect(types["price"] == "DOUBLE PRECISION")
        #expect(types["date"] == "DOUBLE PRECISION")
        #expect(types["flag"] == "BOOLEAN")
        #expect(types["amount"] == "NUMERIC")
        #expect(types["tags"] == "JSONB")
    }

    @Test func namesPastSixtyThreeBytesAreRefused() throws {
        #expect(throws: SwiftDataError.invalidSchema) {
            _ = try SchemaTables(schema: Schema([LongNamed.self]), dialect: dialect)
        }
        _ = try SchemaTables(schema: Schema([LongNamed.self]), dialect: SQLiteDialect())
    }

    @Test func multiRowInsertsNumberEveryPlaceholder() {
        #expect(SQLWrites.insert(into: "T", columns: ["_pk", "a"], rowCount: 2, dialect: dialect)
            == #"INSERT INTO "T" ("_pk", "a") VALUES ($1, $2), ($3, $4)"#)
    }
}

/// A model with a 64-byte property name, one byte past PostgreSQL's limit.
@Model final class LongNamed {
    var aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: Int

    init() {
        self.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 0
    }
}
