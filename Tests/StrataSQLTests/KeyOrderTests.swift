import Foundation
import StrataCore
import StrataSQL
import Testing

/// Who puts an unsorted fetch in key (insertion) order: SQLite's `ORDER BY` the rowid is free;
/// PostgreSQL would read the key index instead of scanning, so its store sorts in memory.
@Suite struct KeyOrderTests {
    func selectText(_ descriptor: FetchDescriptor<Item>, _ dialect: any SQLDialect) throws -> String {
        let engine = try SQLStoreEngine(schema: schema, dialect: dialect, storeIdentifier: storeIdentifier)
        let select = try engine.select(descriptor, mapping: engine.mapping(for: Item.self), columns: [.keyword("*")])
        return engine.serialize(select).text
    }

    @Test func sqliteOrdersEveryUnsortedFetchByKey() throws {
        let engine = try SQLStoreEngine(schema: schema, dialect: SQLiteDialect(), storeIdentifier: storeIdentifier)
        #expect(!engine.keyOrderIsLeftToMemory(FetchDescriptor<Item>()))
        #expect(try selectText(FetchDescriptor<Item>(), SQLiteDialect()) == #"SELECT * FROM "Item" AS "t0" ORDER BY "t0"."_pk" ASC"#)
    }

    @Test func postgresLeavesAnUnwindowedUnsortedFetchToMemory() throws {
        let engine = try SQLStoreEngine(schema: schema, dialect: PostgresDialect(), storeIdentifier: storeIdentifier)
        #expect(engine.keyOrderIsLeftToMemory(FetchDescriptor<Item>(predicate: #Predicate { $0.count > 1 })))
        #expect(try selectText(FetchDescriptor<Item>(), PostgresDialect()) == #"SELECT * FROM "Item" AS "t0""#)
    }

    @Test func postgresOrdersByKeyWhenAWindowNeedsIt() throws {
        var limited = FetchDescriptor<Item>()
        limited.fetchLimit = 10
        var offset = FetchDescriptor<Item>()
        offset.fetchOffset = 5
        let engine = try SQLStoreEngine(schema: schema, dialect: PostgresDialect(), storeIdentifier: storeIdentifier)
        #expect(!engine.keyOrderIsLeftToMemory(limited) && !engine.keyOrderIsLeftToMemory(offset))
        #expect(try selectText(limited, PostgresDialect()) == #"SELECT * FROM "Item" AS "t0" ORDER BY "t0"."_pk" ASC LIMIT $1"#)
        #expect(try selectText(offset, PostgresDialect()).hasSuffix(#"ORDER BY "t0"."_pk" ASC OFFSET $1"#))
    }
}
