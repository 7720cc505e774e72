import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct StringTests {
    @Test func containsIsAPositionSearchWithLiteralWildcards() throws {
        #expect(try filter(#Predicate<Item> { $0.name.contains("50%_\\") }) == expected(
            #"(instr("t0"."name", ?) > 0)"#, .string("50%_\\")))
        #expect(try filter(#Predicate<Item> { $0.name.contains("x") }, PostgresDialect()) == expected(
            #"(strpos("t0"."name", $1) > 0)"#, .string("x")))
    }

    @Test func startsWithFindsThePrefixFirst() throws {
        #expect(try filter(#Predicate<Item> { $0.name.starts(with: "ab") }) == expected(
            #"(instr("t0"."name", ?) = 1)"#, .string("ab")))
    }

    @Test func isEmptyComparesWithTheEmptyString() throws {
        #expect(try filter(#Predicate<Item> { $0.name.isEmpty }) == expected(#"("t0"."name" = ?)"#, .string("")))
    }

    @Test func characterCountAndNULNeedlesStayInMemory() {
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.name.count > 2 }) }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.name.contains("a\0b") }) }
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.name.contains($0.note!) }) }
    }
}
