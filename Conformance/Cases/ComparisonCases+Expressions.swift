import StrataCore

/// Comparisons of optional attributes against constants, literal operands, and arithmetic where SQL agrees with Swift.
extension ComparisonCases {
    /// Optional attributes: `==`/`!=` against captured non-optional constants (nil rows match
    /// `!=`), and ordering through `??`.
    static func optionalCases() -> [ConformanceCase] {
        let t = table("optional")
        let zero = 0, minusSeven = -7
        let negativeZero = -0.0, huge = 1e300
        let empty = "", apple = "Apple"
        let yes = true
        let epoch = Date(timeIntervalSince1970: 0), dayBefore = Date(timeIntervalSince1970: -86_400)
        return [
            t("int.equalZero", #Predicate<Row> { $0.optInt == zero }, ["zero"]),
            t("int.notEqualZero", #Predicate<Row> { $0.optInt != zero }, ["neg", "negzero", "pos", "big"]),
            t("int.equalNegative", #Predicate<Row> { $0.optInt == minusSeven }, ["neg"]),
            t("int.notEqualNegative", #Predicate<Row> { $0.optInt != minusSeven }, ["zero", "negzero", "pos", "big"]),
            t("int.coalescedLess", #Predicate<Row> { ($0.optInt ?? 0) < 0 }, ["neg"]),
            t("double.equalNegativeZero", #Predicate<Row> { $0.optDouble == negativeZero }, ["zero", "negzero"]),
            t("double.notEqualNegativeZero", #Predicate<Row> { $0.optDouble != negativeZero }, ["neg", "pos", "big"]),
            t("double.equalHuge", #Predicate<Row> { $0.optDouble == huge }, ["big"]),
            t("double.coalescedLessOrEqual", #Predicate<Row> { ($0.optDouble ?? 0) <= 0 }, ["neg", "zero", "negzero", "pos"]),
            t("string.equalEmpty", #Predicate<Row> { $0.optString == empty }, ["zero"]),
            t("string.notEqualEmpty", #Predicate<Row> { $0.optString != empty }, ["neg", "negzero", "pos", "big"]),
            t("string.equalCased", #Predicate<Row> { $0.optString == apple }, ["neg"]),
            t("string.coalescedLess", #Predicate<Row> { ($0.optString ?? "a") < "a" }, ["neg", "zero", "big"]),
            t("bool.equalTrue", #Predicate<Row> { $0.optFlag == yes }, ["negzero", "big"]),
            t("bool.notEqualTrue", #Predicate<Row> { $0.optFlag != yes }, ["neg", "zero", "pos"]),
            t("date.equalEpoch", #Predicate<Row> { $0.optDate == epoch }, ["zero"]),
            t("date.notEqualEpoch", #Predicate<Row> { $0.optDate != epoch }, ["neg", "negzero", "pos", "big"]),
            t("date.equalBefore1970", #Predicate<Row> { $0.optDate == dayBefore }, ["neg"]),
            t("date.coalescedLess", #Predicate<Row> { ($0.optDate ?? epoch) < epoch }, ["neg"]),
        ]
    }

    /// Operands written as literals in the predicate, negative ones included.
    static func literalCases() -> [ConformanceCase] {
        let t = table("literal")
        return [
            t("intLessNegative", #Predicate<Row> { $0.int < -5 }, ["neg"]),
            t("intAtLeastMinimum", #Predicate<Row> { $0.int >= -7 }, allTags),
            t("doubleEqualNegativeZero", #Predicate<Row> { $0.double == -0.0 }, ["zero", "negzero"]),
            t("doubleLessZeroExcludesNegativeZero", #Predicate<Row> { $0.double < 0 }, ["neg"]),
            t("doubleAtMostZero", #Predicate<Row> { $0.double <= 0.0 }, ["neg", "zero", "negzero"]),
            t("stringLessLowerA", #Predicate<Row> { $0.string < "a" }, ["neg", "zero", "big"]),
            t("stringGreaterUpperZ", #Predicate<Row> { $0.string > "Z" }, ["negzero", "pos", "big"]),
            t("constantOnTheLeft", #Predicate<Row> { 0 < $0.int }, ["negzero", "pos", "big"]),
            t("twoKeyPaths", #Predicate<Row> { $0.int > ($0.optInt ?? 0) }, ["negzero", "big"]),
        ]
    }

    /// Arithmetic in the predicate, where SQL agrees with Swift (Swift's `/` and `%` truncate toward zero).
    static func arithmeticCases() -> [ConformanceCase] {
        let t = table("arithmetic")
        return [
            t("intPlusOne", #Predicate<Row> { $0.int + 1 > 4 }, ["big"]),
            t("intTimesTwo", #Predicate<Row> { $0.int * 2 == 6 }, ["pos"]),
            t("intMinusTen", #Predicate<Row> { $0.int - 10 < -10 }, ["neg"]),
            t("doubleHalved", #Predicate<Row> { $0.double / 2 < 1 }, ["neg", "zero", "negzero"]),
            t("doubleTimesMinusOne", #Predicate<Row> { $0.double * -1 > 2 }, ["neg"]),
            t("unaryMinus", #Predicate<Row> { -$0.int > 0 }, ["neg"]),
            t("remainderOne", #Predicate<Row> { $0.int % 2 == 1 }, ["negzero", "pos"]),
            t("remainderMinusOne", #Predicate<Row> { $0.int % 2 == -1 }, ["neg"]),
            t("divisionTruncates", #Predicate<Row> { $0.int / 2 == -3 }, ["neg"]),
        ]
    }
}
