import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct FallbackTests {
    @Test func untranslatableNodesPreferMemory() {
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.count % 2 == 0 }) }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { ($0.flag ? 1 : 2) == $0.count }) }
        let link = URL(string: "https://example.com")
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.link == link }) }
    }

    @Test func aPredicateOverAnotherEntityPrefersMemory() throws {
        let translator = SQLQueryTranslator(schema: schema, entity: schema.entity(for: Person.self)!, dialect: SQLiteDialect(), storeIdentifier: storeIdentifier)
        #expect(throws: DataStoreError.preferInMemoryFilter) { try translator.filter(#Predicate<Item> { $0.count == 1 }) }
    }
}
