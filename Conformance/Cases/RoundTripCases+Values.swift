import Foundation
import StrataCore

/// Round-trip samples for `Date`, `UUID`, `URL`, `Decimal`, enums, the Codable `Point` and arrays.
extension RoundTripCases {
    /// Date samples; a read-back date may differ from the written one by at most `tolerance`
    /// seconds (0: exact, as the in-memory store keeps). With a tolerance the filter is a range.
    static func dates(tolerance: TimeInterval = 0) -> [Sample] {
        let same: @Sendable (Date, Date) -> Bool = { read, written in
            abs(read.timeIntervalSinceReferenceDate - written.timeIntervalSinceReferenceDate) <= tolerance
        }
        let filter: (Date) -> Predicate<AllTypes> = { v in
            if tolerance == 0 { return #Predicate<AllTypes> { $0.date == v } }
            let low = v.addingTimeInterval(-tolerance)
            let high = v.addingTimeInterval(tolerance)
            return #Predicate<AllTypes> { $0.date >= low && $0.date <= high }
        }
        let decoy = Date(timeIntervalSince1970: 1_000_000)
        return [
            sample("date.before1970", \.date, Date(timeIntervalSince1970: -2_208_988_800), decoy: decoy, same: same, filter: filter),
            sample("date.after2038", \.date, Date(timeIntervalSince1970: 4_102_444_800), decoy: decoy, same: same, filter: filter),
            sample("date.subSecond", \.date, Date(timeIntervalSince1970: 1_700_000_000.123456), decoy: decoy, same: same, filter: filter),
            sample("date.subSecondBefore1970", \.date, Date(timeIntervalSince1970: -0.5), decoy: decoy, same: same, filter: filter),
            sample("date.referenceDate", \.date, Date(timeIntervalSinceReferenceDate: 0), decoy: decoy, same: same, filter: filter),
        ]
    }

    static let values: [Sample] = [
        sample("uuid.value", \.uuid, UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, decoy: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!) { v in
            #Predicate<AllTypes> { $0.uuid == v }
        },
        sample("uuid.max", \.uuid, UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, decoy: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!) { v in
            #Predicate<AllTypes> { $0.uuid == v }
        },
        sample("url.https", \.url, URL(string: "https://user@example.com:8443/a%20b/c?q=1&r=%C3%A9#frag")!, decoy: URL(string: "https://example.org")!) { v in
            #Predicate<AllTypes> { $0.url == v }
        },
        sample("url.file", \.url, URL(string: "file:///tmp/with%20space/%F0%9F%98%80.txt")!, decoy: URL(string: "https://example.org")!) { v in
            #Predicate<AllTypes> { $0.url == v }
        },
        sample("decimal.large", \.decimal, Decimal(string: "12345678901234567890123456789012345678")!, decoy: 1) { v in
            #Predicate<AllTypes> { $0.decimal == v }
        },
        sample("decimal.fraction", \.decimal, Decimal(string: "0.000000000000000000012345")!, decoy: 1) { v in
            #Predicate<AllTypes> { $0.decimal == v }
        },
        sample("decimal.negativeMixed", \.decimal, Decimal(string: "-98765.4321")!, decoy: 1) { v in
            #Predicate<AllTypes> { $0.decimal == v }
        },
        sample("enum.stringBacked", \.mood, Mood.tense, decoy: .calm) { v in #Predicate<AllTypes> { $0.mood == v } },
        sample("enum.stringBackedEmoji", \.mood, Mood.😀, decoy: .calm) { v in #Predicate<AllTypes> { $0.mood == v } },
        sample("enum.intBackedNegative", \.level, Level.low, decoy: .mid) { v in #Predicate<AllTypes> { $0.level == v } },
        sample("enum.intBackedPositive", \.level, Level.high, decoy: .mid) { v in #Predicate<AllTypes> { $0.level == v } },
        sample("codable.point", \.point, Point(x: -1.5, y: 1e300, label: "é \"quoted\""), decoy: Point(x: 0, y: 0)) { v in
            #Predicate<AllTypes> { $0.point == v }
        },
        sample("codable.pointNilLabel", \.point, Point(x: 0.25, y: -7), decoy: Point(x: 0.25, y: -7, label: "")) { v in
            #Predicate<AllTypes> { $0.point == v }
        },
        sample("array.strings", \.strings, ["", "a", "😀", "a\u{0}b", "a,b"], decoy: []) { v in #Predicate<AllTypes> { $0.strings == v } },
        sample("array.stringsEmpty", \.strings, [], decoy: [""]) { v in #Predicate<AllTypes> { $0.strings == v } },
        sample("array.ints", \.ints, [Int.min, -1, 0, 1, Int.max], decoy: [0]) { v in #Predicate<AllTypes> { $0.ints == v } },
    ]
}
