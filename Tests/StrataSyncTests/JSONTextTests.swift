import Foundation
import Testing

@testable import StrataSync

/// StrataSync's JSON writer writes what its reader reads back as the same values.
@Suite struct JSONTextTests {
    @Test func roundTripsThroughTheReader() throws {
        let value: [String: Any] = [
            "text": "quote \" backslash \\ newline \n tab \t bell \u{7} é 😀", "int": -42, "double": 0.25, "big": 1e300, "bool": true, "null": NSNull(),
            "array": [1, "two", false, [3.5], ["nested": "object"]] as [Any], "empty": [String: Any](), "int64": Int64.max,
        ]
        let read = try #require(try JSONReader.value(of: JSONText.data(value)) as? [String: Any])
        #expect(read["text"] as? String == value["text"] as? String)
        #expect(read["int"] as? Int == -42)
        #expect(read["double"] as? Double == 0.25)
        #expect(read["big"] as? Double == 1e300)
        #expect(read["bool"] as? Bool == true)
        #expect(read["null"] is NSNull)
        #expect(read["int64"] as? Int == Int.max)
        #expect((read["empty"] as? [String: Any])?.isEmpty == true)
        let array = try #require(read["array"] as? [Any])
        #expect(array.count == 5 && array[1] as? String == "two" && (array[3] as? [Any])?.first as? Double == 3.5)
        #expect((array[4] as? [String: Any])?["nested"] as? String == "object")
    }

    @Test func isReadByJSONSerializationToo() throws {
        let data = try JSONText.data(["a\u{1}": ["x", 1, 2.5, true, NSNull()] as [Any]] as [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["a\u{1}"] as? [Any])?.count == 5)
    }

    @Test func refusesWhatIsNotJSON() {
        #expect(throws: JSONText.Failure.self) { try JSONText.data([Double.nan]) }
        #expect(throws: JSONText.Failure.self) { try JSONText.data([Date()]) }
    }
}
