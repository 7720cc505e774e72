import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct SortTests {
    @Test func descriptorsMapToColumnsInOrder() throws {
        #expect(try ordering([SortDescriptor(\Item.count), SortDescriptor(\Item.limit, order: .reverse)]) == expected(
            #"SELECT * FROM "T" AS "t0" ORDER BY "t0"."count" ASC, "t0"."limit" DESC"#))
    }

    @Test func stringsUseTheBinaryCollationAndOptionalsPlaceNullsExplicitly() throws {
        #expect(try ordering([SortDescriptor(\Item.note), SortDescriptor(\Item.name, order: .reverse)], PostgresDialect()) == expected(
            #"SELECT * FROM "T" AS "t0" ORDER BY "t0"."note" COLLATE "C" ASC NULLS FIRST, "t0"."name" COLLATE "C" DESC"#))
    }

    @Test func identifiersAndDoublesSortInSQL() throws {
        #expect(try ordering([SortDescriptor(\Item.persistentModelID), SortDescriptor(\Item.price)]) == expected(
            #"SELECT * FROM "T" AS "t0" ORDER BY "t0"."_pk" ASC, "t0"."price" ASC"#))
    }

    /// A key or a non-optional attribute is never NULL: naming a NULL placement for it would
    /// stop PostgreSQL from reading an index on it in order, backwards for a descending sort
    /// (it sorts instead). An optional attribute keeps Strata's placement.
    @Test func termsThatCannotBeNullNameNoNullPlacement() throws {
        let sortBy = [SortDescriptor(\Item.persistentModelID, order: .reverse), SortDescriptor(\Item.price), SortDescriptor(\Item.discount, order: .reverse)]
        #expect(try ordering(sortBy, PostgresDialect()) == expected(
            #"SELECT * FROM "T" AS "t0" ORDER BY "t0"."_pk" DESC, "t0"."price" ASC, "t0"."discount" DESC NULLS LAST"#))
    }

    @Test func unorderedTypesAndPathsStayInMemory() {
        #expect(throws: DataStoreError.preferInMemorySort) { try ordering([SortDescriptor(\Item.status)]) }
        #expect(throws: DataStoreError.preferInMemorySort) { try ordering([SortDescriptor(\Item.amount)]) }
        #expect(throws: DataStoreError.preferInMemorySort) { try ordering([SortDescriptor(\Item.owner?.name)]) }
        #expect(throws: DataStoreError.preferInMemorySort) { try ordering([SortDescriptor(\Item.price)], AdjustedDialect.nanUnaware) }
    }
}
