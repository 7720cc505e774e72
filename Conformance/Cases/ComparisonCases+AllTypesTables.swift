import Foundation
import StrataCore

/// The value tables for ``ComparisonCases/allTypesRows()``: one entry per `AllTypes` attribute.
extension ComparisonCases {
    static var moreAllTypes: [ConformanceCase] {
        orderedAttributes() + equatableAttributes() + optionalAttributes() + specialAttributes()
    }

    static func orderedAttributes() -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        cases += ordered("int", Int.min, 0, Int.max, eq: { v in #Predicate { $0.int == v } }, ne: { v in #Predicate { $0.int != v } },
                         lt: { v in #Predicate { $0.int < v } }, gt: { v in #Predicate { $0.int > v } })
        cases += ordered("int8", Int8.min, 0, Int8.max, eq: { v in #Predicate { $0.int8 == v } }, ne: { v in #Predicate { $0.int8 != v } },
                         lt: { v in #Predicate { $0.int8 < v } }, gt: { v in #Predicate { $0.int8 > v } })
        cases += ordered("int16", Int16.min, 0, Int16.max, eq: { v in #Predicate { $0.int16 == v } }, ne: { v in #Predicate { $0.int16 != v } },
                         lt: { v in #Predicate { $0.int16 < v } }, gt: { v in #Predicate { $0.int16 > v } })
        cases += ordered("int32", Int32.min, 0, Int32.max, eq: { v in #Predicate { $0.int32 == v } }, ne: { v in #Predicate { $0.int32 != v } },
                         lt: { v in #Predicate { $0.int32 < v } }, gt: { v in #Predicate { $0.int32 > v } })
        cases += ordered("int64", Int64.min, 0, Int64.max, eq: { v in #Predicate { $0.int64 == v } }, ne: { v in #Predicate { $0.int64 != v } },
                         lt: { v in #Predicate { $0.int64 < v } }, gt: { v in #Predicate { $0.int64 > v } })
        cases += ordered("uint8", UInt8(0), 1, UInt8.max, eq: { v in #Predicate { $0.uint8 == v } }, ne: { v in #Predicate { $0.uint8 != v } },
                         lt: { v in #Predicate { $0.uint8 < v } }, gt: { v in #Predicate { $0.uint8 > v } })
        cases += ordered("uint16", UInt16(0), 1, UInt16.max, eq: { v in #Predicate { $0.uint16 == v } }, ne: { v in #Predicate { $0.uint16 != v } },
                         lt: { v in #Predicate { $0.uint16 < v } }, gt: { v in #Predicate { $0.uint16 > v } })
        cases += ordered("uint32", UInt32(0), 1, UInt32.max, eq: { v in #Predicate { $0.uint32 == v } }, ne: { v in #Predicate { $0.uint32 != v } },
                         lt: { v in #Predicate { $0.uint32 < v } }, gt: { v in #Predicate { $0.uint32 > v } })
        cases += ordered("uint64", UInt64(0), 1, UInt64(Int64.max), eq: { v in #Predicate { $0.uint64 == v } }, ne: { v in #Predicate { $0.uint64 != v } },
                         lt: { v in #Predicate { $0.uint64 < v } }, gt: { v in #Predicate { $0.uint64 > v } })
        cases += ordered("double", -Double.infinity, -0.0, .infinity, eq: { v in #Predicate { $0.double == v } }, ne: { v in #Predicate { $0.double != v } },
                         lt: { v in #Predicate { $0.double < v } }, gt: { v in #Predicate { $0.double > v } })
        cases += ordered("float", -Float.greatestFiniteMagnitude, 1.5, .greatestFiniteMagnitude, eq: { v in #Predicate { $0.float == v } },
                         ne: { v in #Predicate { $0.float != v } }, lt: { v in #Predicate { $0.float < v } }, gt: { v in #Predicate { $0.float > v } })
        cases += ordered("string", "", "Z", "a", eq: { v in #Predicate { $0.string == v } }, ne: { v in #Predicate { $0.string != v } },
                         lt: { v in #Predicate { $0.string < v } }, gt: { v in #Predicate { $0.string > v } })
        cases += ordered("date", Date.distantPast, Date(timeIntervalSince1970: 0.5), .distantFuture, eq: { v in #Predicate { $0.date == v } },
                         ne: { v in #Predicate { $0.date != v } }, lt: { v in #Predicate { $0.date < v } }, gt: { v in #Predicate { $0.date > v } })
        cases += ordered("decimal", decimalLo, Decimal(0), decimalHi, eq: { v in #Predicate { $0.decimal == v } }, ne: { v in #Predicate { $0.decimal != v } },
                         lt: { v in #Predicate { $0.decimal < v } }, gt: { v in #Predicate { $0.decimal > v } })
        cases += ordered("uuid", uuidLo, uuidMid, uuidHi, eq: { v in #Predicate { $0.uuid == v } }, ne: { v in #Predicate { $0.uuid != v } },
                         lt: { v in #Predicate { $0.uuid < v } }, gt: { v in #Predicate { $0.uuid > v } })
        return cases
    }

    static func equatableAttributes() -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        cases += equatable("data", Data(), Data([0]), Data([0xFF, 0xFF]), eq: { v in #Predicate { $0.data == v } }, ne: { v in #Predicate { $0.data != v } })
        cases += equatable("url", URL(string: "file:///")!, URL(string: "https://example.com/a?b=c")!, URL(string: "https://example.com/%20x")!,
                           eq: { v in #Predicate { $0.url == v } }, ne: { v in #Predicate { $0.url != v } })
        cases += equatable("mood", Mood.calm, .tense, .😀, eq: { v in #Predicate { $0.mood == v } }, ne: { v in #Predicate { $0.mood != v } })
        cases += equatable("level", Level.low, .mid, .high, eq: { v in #Predicate { $0.level == v } }, ne: { v in #Predicate { $0.level != v } })
        cases += equatable("point", Point(x: 0, y: 0), Point(x: 1, y: 2, label: "p"), Point(x: -1, y: 1e10),
                           eq: { v in #Predicate { $0.point == v } }, ne: { v in #Predicate { $0.point != v } })
        cases += equatable("strings", [String](), ["a"], ["a", "b"], eq: { v in #Predicate { $0.strings == v } }, ne: { v in #Predicate { $0.strings != v } })
        cases += equatable("ints", [Int](), [0], [.min, .max], eq: { v in #Predicate { $0.ints == v } }, ne: { v in #Predicate { $0.ints != v } })
        return cases
    }

    static func optionalAttributes() -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        cases += optional("optInt", 0, Int.max, eq: { v in #Predicate { $0.optInt == v } }, ne: { v in #Predicate { $0.optInt != v } })
        cases += optional("optString", "", "\u{E9}", eq: { v in #Predicate { $0.optString == v } }, ne: { v in #Predicate { $0.optString != v } })
        cases += optional("optData", Data(), Data([1, 2]), eq: { v in #Predicate { $0.optData == v } }, ne: { v in #Predicate { $0.optData != v } })
        cases += optional("optDate", Date(timeIntervalSince1970: 0), Date.distantFuture,
                          eq: { v in #Predicate { $0.optDate == v } }, ne: { v in #Predicate { $0.optDate != v } })
        cases += optional("optUUID", uuidLo, uuidHi, eq: { v in #Predicate { $0.optUUID == v } }, ne: { v in #Predicate { $0.optUUID != v } })
        cases += optional("optURL", URL(string: "https://example.com")!, URL(string: "file:///tmp")!,
                          eq: { v in #Predicate { $0.optURL == v } }, ne: { v in #Predicate { $0.optURL != v } })
        cases += optional("optDecimal", Decimal(0), Decimal(string: "1.5")!, eq: { v in #Predicate { $0.optDecimal == v } }, ne: { v in #Predicate { $0.optDecimal != v } })
        cases += optional("optMood", Mood.calm, .😀, eq: { v in #Predicate { $0.optMood == v } }, ne: { v in #Predicate { $0.optMood != v } })
        cases += optional("optPoint", Point(x: 0, y: 0), Point(x: 3, y: 4), eq: { v in #Predicate { $0.optPoint == v } }, ne: { v in #Predicate { $0.optPoint != v } })
        cases += optional("optDouble", 0.0, Double.infinity, eq: { v in #Predicate { $0.optDouble == v } }, ne: { v in #Predicate { $0.optDouble != v } })
        return cases
    }

    /// `Bool` (lo false, mid and hi true), `-0.0 == 0.0`, the neighbours of the integer edges, and a
    /// `Decimal` that differs from `0` only far after the point.
    static func specialAttributes() -> [ConformanceCase] {
        let zero = 0.0, floor = Int.min, almostMax = Int.max - 1, aboveMin = Int64.min + 1, tiny = Decimal(string: "0.0000000001")!
        let almostInfinite = Double.greatestFiniteMagnitude, belowAll = Date(timeIntervalSinceReferenceDate: -1e12)
        return [
            allTypesCase("bool.equalTrue", #Predicate { $0.bool == true }, ["mid", "hi"]),
            allTypesCase("bool.equalFalse", #Predicate { $0.bool == false }, ["lo"]),
            allTypesCase("bool.notEqualTrue", #Predicate { $0.bool != true }, ["lo"]),
            allTypesCase("bool.negated", #Predicate { !$0.bool }, ["lo"]),
            allTypesCase("double.equalPositiveZeroFindsNegativeZero", #Predicate { $0.double == zero }, ["mid"]),
            allTypesCase("double.lessThanGreatestFinite", #Predicate { $0.double < almostInfinite }, ["lo", "mid"]),
            allTypesCase("double.greaterThanGreatestFinite", #Predicate { $0.double > almostInfinite }, ["hi"]),
            allTypesCase("int.greaterThanMaxMinusOne", #Predicate { $0.int > almostMax }, ["hi"]),
            allTypesCase("int64.lessThanMinPlusOne", #Predicate { $0.int64 < aboveMin }, ["lo"]),
            allTypesCase("decimal.lessThanTiny", #Predicate { $0.decimal < tiny }, ["lo", "mid"]),
            allTypesCase("date.greaterThanFarPast", #Predicate { $0.date > belowAll }, ["lo", "mid", "hi"]),
            allTypesCase("optDouble.coalescedLess", #Predicate { ($0.optDouble ?? -1) < 1 }, ["lo", "mid"]),
            allTypesCase("optInt.coalescedGreater", #Predicate { ($0.optInt ?? floor) > -1 }, ["mid", "hi"]),
        ]
    }
}
