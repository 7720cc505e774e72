import Strata
import Testing

enum Suit: String, Codable { case hearts, spades }
struct Pair: Codable, Equatable { var a: Int; var b: String }

@Suite struct ValueCodecTests {
    @Test func rawRepresentableValuesUseTheirRawValue() throws {
        let codec = try #require(ValueCodec.forType(Suit.self))
        #expect(codec.storageType == .string)
        #expect(try codec.encode(Suit.spades) == .string("spades"))
        #expect(try codec.decode(.string("hearts")) as? Suit == .hearts)
        #expect(throws: SwiftDataError.valueNotDecodable) { try codec.decode(.string("clubs")) }
    }

    @Test func codableValuesBecomeJSON() throws {
        let codec = try #require(ValueCodec.forType(Pair.self))
        #expect(codec.storageType == .codable)
        let stored = try codec.encode(Pair(a: 1, b: "x"))
        #expect(stored == .data(Data(#"{"a":1,"b":"x"}"#.utf8)))
        #expect(try codec.decode(stored) as? Pair == Pair(a: 1, b: "x"))
    }

    @Test func optionalsMapNilToNull() throws {
        let codec = try #require(ValueCodec.forType(Int?.self))
        #expect(codec.isOptional)
        #expect(try codec.encode(Int?.none as Any) == .null)
        #expect(try codec.encode(Int?.some(4) as Any) == .integer(4))
        #expect(try codec.decode(.null) as? Int? == .some(nil))
    }

    @Test func unsignedValuesBeyondInt64AreRefused() throws {
        let codec = try #require(ValueCodec.forType(UInt64.self))
        #expect(try codec.encode(UInt64(Int64.max)) == .integer(.max))
        #expect(throws: SwiftDataError.valueNotEncodable) { try codec.encode(UInt64.max) }
    }

    @Test func unsupportedTypesHaveNoCodec() {
        #expect(ValueCodec.forType(Opaque.self) == nil)
    }
}
