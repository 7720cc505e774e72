import Foundation
import Testing

@testable import StrataSync

/// StrataSync's JSON reader reads what `JSONSerialization` reads, as the same scalars, and
/// refuses what it refuses.
@Suite struct JSONReaderTests {
    /// A value with its scalars as the importer sees them, so the two readers' number types compare.
    private indirect enum Shape: Equatable {
        case scalar(String)
        case null
        case array([Shape])
        case object([String: Shape])

        init(_ value: Any) {
            switch value {
            case is NSNull: self = .null
            case let array as [Any]: self = .array(array.map(Shape.init))
            case let object as [String: Any]: self = .object(object.mapValues(Shape.init))
            default:
                switch JSONScalar(value) {
                case .string(let text)?: self = .scalar("string \(text)")
                case .integer(let integer)?: self = .scalar("integer \(integer)")
                case .double(let double)?: self = .scalar("double \(double)")
                case .bool(let bool)?: self = .scalar("bool \(bool)")
                case nil: self = .scalar("unreadable \(type(of: value))")
                }
            }
        }
    }

    @Test(arguments: [
        #"[]"#, #"{}"#, #" [ 1 , 2 ] "#, "\u{FEFF}[1]", #"[{"id": 1, "title": "item 1", "quantity": 1, "price": 0.25, "owner_id": 2}]"#,
        #"[0, -0, 7, -12, 2.0, 2e3, 1E2, 1.5, -0.125, 1e-2, 9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551616]"#,
        #"[true, false, null, "", "plain", "caf\u00e9", "\ud83d\ude00", "line\nbreak\ttab\\slash\/quote\"", "\b\f\r"]"#,
        #"["é", "😀", "naïve text with ünïcödé"]"#, #"{"a": {"b": [{"c": [[], {}]}]}, "a2": null}"#, #"{"k": 1, "k": 2}"#, "\"fragment\"", "42",
        // Trailing commas, which `JSONSerialization` accepts.
        "[1,]", #"{"a": 1,}"#, "[[],]",
    ])
    func readsAsJSONSerializationDoes(_ text: String) throws {
        let data = Data(text.utf8)
        let expected = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        #expect(Shape(try JSONReader.value(of: data)) == Shape(expected))
    }

    @Test func numbersAreIntWhenWholeElseDouble() throws {
        let values = try #require(try JSONReader.value(of: Data("[3, 3.0, 3e0, 3.5, 1e300, 123456789012345678901]".utf8)) as? [Any])
        #expect(values.map { "\(type(of: $0))" } == ["Int", "Int", "Int", "Double", "Double", "Double"])
        #expect(values[3] as? Double == 3.5)
        #expect(values[5] as? Double == 123456789012345678901.0)
    }

    @Test func decodesEscapes() throws {
        let values = try #require(try JSONReader.value(of: Data(#"["a\"b", "\u0041\u00e9\ud83d\ude00", "x\/y\\z"]"#.utf8)) as? [String])
        #expect(values == ["a\"b", "Aé😀", "x/y\\z"])
    }

    @Test(arguments: [
        "", "[", "]", "[,1]", "[1,,]", "{\"a\"}", "{\"a\":}", "{a: 1}", "{,}", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]", "[tru]",
        "[nul]", "[\"unterminated]", "[\"bad \\x escape\"]", "[\"\\ud83d\"]", "[\"\\ude00\"]", "[\"\\u12\"]", "[1] [2]", "[\"tab\tinside\"]", "[1e400]",
        "[NaN]", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func refusesWhatJSONSerializationRefuses(_ text: String) {
        let data = Data(text.utf8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
        #expect(throws: JSONReader.Failure.self) { try JSONReader.value(of: data) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.value(of: Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])) }
    }

    @Test func leavesUTF16ToFoundation() {
        #expect(JSONReader.isUTF8(Data("[1]".utf8)))
        #expect(!JSONReader.isUTF8("[1]".data(using: .utf16LittleEndian)!))
        #expect(!JSONReader.isUTF8("[1]".data(using: .utf16)!))
    }
}
