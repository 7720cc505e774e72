import Foundation
import StrataCore
import StrataSQL
import Testing

@Suite struct ArithmeticTests {
    @Test func integerArithmeticIsTranslated() throws {
        #expect(try filter(#Predicate<Item> { $0.count * 2 - 1 > 3 }) == expected(
            #"((("t0"."count" * ?) - ?) > ?)"#, .integer(2), .integer(1), .integer(3)))
    }

    @Test func floatingPointArithmeticStaysInMemory() {
        #expect(throws: DataStoreError.preferInMemoryFilter) { try filter(#Predicate<Item> { $0.price + 1 > 3 }) }
    }
}
