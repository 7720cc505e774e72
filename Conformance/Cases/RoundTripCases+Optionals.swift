import Foundation
import StrataCore

/// Round-trip samples for each `Optional` attribute, both `nil` and a value.
extension RoundTripCases {
    static let optionals: [Sample] = [
        sample("optional.int.nil", \.optInt, nil, decoy: 0) { v in #Predicate<AllTypes> { $0.optInt == v } },
        sample("optional.int.value", \.optInt, Int.min, decoy: nil) { v in #Predicate<AllTypes> { $0.optInt == v } },
        sample("optional.string.nil", \.optString, nil, decoy: "") { v in #Predicate<AllTypes> { $0.optString == v } },
        sample("optional.string.empty", \.optString, "", decoy: nil) { v in #Predicate<AllTypes> { $0.optString == v } },
        sample("optional.data.nil", \.optData, nil, decoy: Data()) { v in #Predicate<AllTypes> { $0.optData == v } },
        sample("optional.data.empty", \.optData, Data(), decoy: nil) { v in #Predicate<AllTypes> { $0.optData == v } },
        sample("optional.date.nil", \.optDate, nil, decoy: Date(timeIntervalSince1970: 0)) { v in #Predicate<AllTypes> { $0.optDate == v } },
        sample("optional.date.value", \.optDate, Date(timeIntervalSince1970: -86_400.25), decoy: nil) { v in
            #Predicate<AllTypes> { $0.optDate == v }
        },
        sample("optional.uuid.nil", \.optUUID, nil, decoy: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!) { v in
            #Predicate<AllTypes> { $0.optUUID == v }
        },
        sample("optional.uuid.value", \.optUUID, UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, decoy: nil) { v in
            #Predicate<AllTypes> { $0.optUUID == v }
        },
        sample("optional.url.nil", \.optURL, nil, decoy: URL(string: "https://example.com")!) { v in #Predicate<AllTypes> { $0.optURL == v } },
        sample("optional.url.value", \.optURL, URL(string: "https://example.com/%E2%9C%93")!, decoy: nil) { v in
            #Predicate<AllTypes> { $0.optURL == v }
        },
        sample("optional.decimal.nil", \.optDecimal, nil, decoy: 0) { v in #Predicate<AllTypes> { $0.optDecimal == v } },
        sample("optional.decimal.value", \.optDecimal, Decimal(string: "-0.5")!, decoy: nil) { v in #Predicate<AllTypes> { $0.optDecimal == v } },
        sample("optional.enum.nil", \.optMood, nil, decoy: .calm) { v in #Predicate<AllTypes> { $0.optMood == v } },
        sample("optional.enum.value", \.optMood, Mood.😀, decoy: nil) { v in #Predicate<AllTypes> { $0.optMood == v } },
        sample("optional.point.nil", \.optPoint, nil, decoy: Point(x: 0, y: 0)) { v in #Predicate<AllTypes> { $0.optPoint == v } },
        sample("optional.point.value", \.optPoint, Point(x: 1, y: 2, label: nil), decoy: nil) { v in #Predicate<AllTypes> { $0.optPoint == v } },
        sample("optional.double.nil", \.optDouble, nil, decoy: 0) { v in #Predicate<AllTypes> { $0.optDouble == v } },
        sample("optional.double.negativeZero", \.optDouble, -0.0, decoy: nil, same: { read, written in
            switch (read, written) {
            case (nil, nil): true
            case let (read?, written?): sameSigned(read, written)
            default: false
            }
        }) { v in #Predicate<AllTypes> { $0.optDouble == v } },
    ]
}
