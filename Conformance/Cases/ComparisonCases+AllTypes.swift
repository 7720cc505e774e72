import Foundation
import StrataCore

/// Every `AllTypes` attribute in `==` and `!=`, and in `<`/`>` where Swift orders the type, with
/// edge values: three rows lo < mid < hi per attribute (optionals nil in lo).
extension ComparisonCases {
    static let uuidLo = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    static let uuidMid = UUID(uuid: (0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0x4D, 0xEF, 0x80, 0, 0, 0, 0, 0, 0, 1))
    static let uuidHi = UUID(uuid: (0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF))
    static let decimalLo = Decimal(string: "-99999999999999999999.5")!
    static let decimalHi = Decimal(string: "123456789012345678901234567890")!

    /// | attribute | lo | mid | hi |
    /// |---|---|---|---|
    /// | int…int64 | `.min` | 0 | `.max` |
    /// | uint8…uint32 | 0 | 1 | `.max` |
    /// | uint64 | 0 | 1 | `Int64.max` |
    /// | double | -inf | -0.0 | +inf |
    /// | float | -greatestFinite | 1.5 | greatestFinite |
    /// | string | "" | "Z" | "a" |
    /// | date | distantPast | 1970 + 0.5 s | distantFuture |
    /// | decimal, uuid | negative huge / zeros | 0 / mixed | positive huge / all FF |
    @Sendable static func allTypesRows() -> [AllTypes] {
        let lo = AllTypes(tag: "lo"), mid = AllTypes(tag: "mid"), hi = AllTypes(tag: "hi")
        (lo.int, mid.int, hi.int) = (.min, 0, .max)
        (lo.int8, mid.int8, hi.int8) = (.min, 0, .max)
        (lo.int16, mid.int16, hi.int16) = (.min, 0, .max)
        (lo.int32, mid.int32, hi.int32) = (.min, 0, .max)
        (lo.int64, mid.int64, hi.int64) = (.min, 0, .max)
        (lo.uint8, mid.uint8, hi.uint8) = (0, 1, .max)
        (lo.uint16, mid.uint16, hi.uint16) = (0, 1, .max)
        (lo.uint32, mid.uint32, hi.uint32) = (0, 1, .max)
        (lo.uint64, mid.uint64, hi.uint64) = (0, 1, UInt64(Int64.max))
        (lo.double, mid.double, hi.double) = (-.infinity, -0.0, .infinity)
        (lo.float, mid.float, hi.float) = (-.greatestFiniteMagnitude, 1.5, .greatestFiniteMagnitude)
        (lo.bool, mid.bool, hi.bool) = (false, true, true)
        (lo.string, mid.string, hi.string) = ("", "Z", "a")
        (lo.data, mid.data, hi.data) = (Data(), Data([0]), Data([0xFF, 0xFF]))
        (lo.date, mid.date, hi.date) = (.distantPast, Date(timeIntervalSince1970: 0.5), .distantFuture)
        (lo.uuid, mid.uuid, hi.uuid) = (uuidLo, uuidMid, uuidHi)
        (lo.url, mid.url, hi.url) = (URL(string: "file:///")!, URL(string: "https://example.com/a?b=c")!, URL(string: "https://example.com/%20x")!)
        (lo.decimal, mid.decimal, hi.decimal) = (decimalLo, 0, decimalHi)
        (lo.mood, mid.mood, hi.mood) = (.calm, .tense, .😀)
        (lo.level, mid.level, hi.level) = (.low, .mid, .high)
        (lo.point, mid.point, hi.point) = (Point(x: 0, y: 0), Point(x: 1, y: 2, label: "p"), Point(x: -1, y: 1e10))
        (lo.strings, mid.strings, hi.strings) = ([], ["a"], ["a", "b"])
        (lo.ints, mid.ints, hi.ints) = ([], [0], [.min, .max])
        (mid.optInt, hi.optInt) = (0, .max)
        (mid.optString, hi.optString) = ("", "\u{E9}")
        (mid.optData, hi.optData) = (Data(), Data([1, 2]))
        (mid.optDate, hi.optDate) = (Date(timeIntervalSince1970: 0), .distantFuture)
        (mid.optUUID, hi.optUUID) = (uuidLo, uuidHi)
        (mid.optURL, hi.optURL) = (URL(string: "https://example.com")!, URL(string: "file:///tmp")!)
        (mid.optDecimal, hi.optDecimal) = (0, Decimal(string: "1.5")!)
        (mid.optMood, hi.optMood) = (.calm, .😀)
        (mid.optPoint, hi.optPoint) = (Point(x: 0, y: 0), Point(x: 3, y: 4))
        (mid.optDouble, hi.optDouble) = (0, .infinity)
        return [lo, mid, hi]
    }

    /// A case fetching `predicate` over ``allTypesRows()``, named `prefix.id` in `category`.
    static func allTypesCase(
        _ id: String, _ predicate: Predicate<AllTypes>, _ expected: [String], prefix: String = "\(category).allTypes", category: String = category
    ) -> ConformanceCase {
        ConformanceCase("\(prefix).\(id)", category: category) { environment in
            let container = try environment.makeContainer()
            try saveAllTypesRows(in: container)
            try Fixtures.checkFetch(predicate, in: container, tag: \.tag, expected)
        }
    }

    /// Saves ``allTypesRows()``.
    static func saveAllTypesRows(in container: ModelContainer) throws {
        let seeding = ModelContext(container)
        for model in allTypesRows() { seeding.insert(model) }
        try seeding.save()
    }

    typealias Make<V> = (V) -> Predicate<AllTypes>

    /// An ordered attribute: equality at both ends, inequality in the middle, and `<`/`>` from every side.
    static func ordered<V>(_ name: String, _ lo: V, _ mid: V, _ hi: V, eq: Make<V>, ne: Make<V>, lt: Make<V>, gt: Make<V>) -> [ConformanceCase] {
        [
            allTypesCase("\(name).equalLo", eq(lo), ["lo"]), allTypesCase("\(name).equalHi", eq(hi), ["hi"]),
            allTypesCase("\(name).notEqualMid", ne(mid), ["lo", "hi"]), allTypesCase("\(name).lessMid", lt(mid), ["lo"]),
            allTypesCase("\(name).greaterMid", gt(mid), ["hi"]), allTypesCase("\(name).lessLoNone", lt(lo), []),
            allTypesCase("\(name).greaterLo", gt(lo), ["mid", "hi"]), allTypesCase("\(name).lessHi", lt(hi), ["lo", "mid"]),
        ]
    }

    /// An attribute Swift does not order: equality and inequality only.
    static func equatable<V>(_ name: String, _ lo: V, _ mid: V, _ hi: V, eq: Make<V>, ne: Make<V>) -> [ConformanceCase] {
        [
            allTypesCase("\(name).equalLo", eq(lo), ["lo"]), allTypesCase("\(name).equalMid", eq(mid), ["mid"]),
            allTypesCase("\(name).notEqualHi", ne(hi), ["lo", "mid"]), allTypesCase("\(name).notEqualLo", ne(lo), ["mid", "hi"]),
        ]
    }

    /// An optional attribute, nil in lo: nil tests, and captured optionals on both sides.
    static func optional<V>(_ name: String, _ mid: V, _ hi: V, eq: Make<V?>, ne: Make<V?>) -> [ConformanceCase] {
        [
            allTypesCase("\(name).equalNil", eq(nil), ["lo"]), allTypesCase("\(name).notEqualNil", ne(nil), ["mid", "hi"]),
            allTypesCase("\(name).equalMid", eq(mid), ["mid"]), allTypesCase("\(name).notEqualMidKeepsNil", ne(mid), ["lo", "hi"]),
            allTypesCase("\(name).equalHi", eq(hi), ["hi"]),
        ]
    }
}
