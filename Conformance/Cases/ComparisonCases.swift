import StrataCore

/// `== != < <= > >=` on every attribute type of `Row`, against literals and captured constants.
enum ComparisonCases {
    static let category = "comparison"

    static let all: [ConformanceCase] = intCases() + doubleCases() + stringCases() + dateCases() + boolCases()
        + optionalCases() + literalCases() + arithmeticCases()

    /// Negative numbers, `0.0` beside `-0.0`, huge values, strings that differ in case, and
    /// dates before 1970 and after 2038.
    ///
    /// | tag     | int | optInt | double | optDouble | string   | optString | flag  | optFlag | date (s)      | optDate (s) |
    /// |---------|-----|--------|--------|-----------|----------|-----------|-------|---------|---------------|-------------|
    /// | neg     | -7  | -7     | -2.5   | -2.5      | "Apple"  | "Apple"   | false | false   | -86_400       | -86_400     |
    /// | zero    | 0   | 0      | 0.0    | 0.0       | ""       | ""        | false | nil     | 0             | 0           |
    /// | negzero | 1   | nil    | -0.0   | -0.0      | "apple"  | nil       | true  | true    | 1             | nil         |
    /// | pos     | 3   | 3      | 3.0    | nil       | "banana" | "banana"  | true  | nil     | 1_000_000_000 | 1e9         |
    /// | big     | 100 | nil    | 1e300  | 1e300     | "Zed"    | "Zed"     | true  | true    | 4_102_444_800 | nil         |
    @Sendable static func rows() -> [Row] {
        [
            Row(tag: "neg", int: -7, optInt: -7, double: -2.5, optDouble: -2.5, string: "Apple", optString: "Apple", flag: false, optFlag: false,
                date: Date(timeIntervalSince1970: -86_400), optDate: Date(timeIntervalSince1970: -86_400)),
            Row(tag: "zero", int: 0, optInt: 0, double: 0.0, optDouble: 0.0, string: "", optString: "", flag: false, optFlag: nil,
                date: Date(timeIntervalSince1970: 0), optDate: Date(timeIntervalSince1970: 0)),
            Row(tag: "negzero", int: 1, optInt: nil, double: -0.0, optDouble: -0.0, string: "apple", optString: nil, flag: true, optFlag: true,
                date: Date(timeIntervalSince1970: 1), optDate: nil),
            Row(tag: "pos", int: 3, optInt: 3, double: 3.0, optDouble: nil, string: "banana", optString: "banana", flag: true, optFlag: nil,
                date: Date(timeIntervalSince1970: 1_000_000_000), optDate: Date(timeIntervalSince1970: 1_000_000_000)),
            Row(tag: "big", int: 100, optInt: nil, double: 1e300, optDouble: 1e300, string: "Zed", optString: "Zed", flag: true, optFlag: true,
                date: Date(timeIntervalSince1970: 4_102_444_800), optDate: nil),
        ]
    }

    static let allTags = ["neg", "zero", "negzero", "pos", "big"]

    static func table(_ topic: String) -> RowTable {
        RowTable(prefix: "\(category).\(topic)", category: category, rows: rows)
    }

    /// The six operators against one captured constant. `equal`, `less` and `greater` are
    /// written by hand; the fixture holds no NaN, so trichotomy gives the other three.
    struct Expectation {
        let label: String
        let equal: [String]
        let less: [String]
        let greater: [String]

        var notEqual: [String] { ComparisonCases.allTags.filter { !equal.contains($0) } }
        var lessOrEqual: [String] { less + equal }
        var greaterOrEqual: [String] { greater + equal }
    }

    /// The six cases for one constant; `predicates` are, in order, `==`, `!=`, `<`, `<=`, `>`, `>=`.
    static func sixCases(_ topic: String, _ expectation: Expectation, _ predicates: [Predicate<Row>]) -> [ConformanceCase] {
        let t = table("\(topic).\(expectation.label)")
        let expected = [expectation.equal, expectation.notEqual, expectation.less, expectation.lessOrEqual, expectation.greater, expectation.greaterOrEqual]
        let names = ["equal", "notEqual", "less", "lessOrEqual", "greater", "greaterOrEqual"]
        return zip(names, zip(predicates, expected)).map { name, pair in t(name, pair.0, pair.1) }
    }

    /// `Int` against a negative, zero and a positive constant.
    static func intCases() -> [ConformanceCase] {
        func cases(_ c: Int, _ expectation: Expectation) -> [ConformanceCase] {
            sixCases("int", expectation, [
                #Predicate<Row> { $0.int == c }, #Predicate<Row> { $0.int != c }, #Predicate<Row> { $0.int < c },
                #Predicate<Row> { $0.int <= c }, #Predicate<Row> { $0.int > c }, #Predicate<Row> { $0.int >= c },
            ])
        }
        return cases(-7, Expectation(label: "minusSeven", equal: ["neg"], less: [], greater: ["zero", "negzero", "pos", "big"]))
            + cases(0, Expectation(label: "zero", equal: ["zero"], less: ["neg"], greater: ["negzero", "pos", "big"]))
            + cases(3, Expectation(label: "three", equal: ["pos"], less: ["neg", "zero", "negzero"], greater: ["big"]))
    }

    /// `Double` against `-0.0` (equal to `0.0`), a negative constant and infinity.
    static func doubleCases() -> [ConformanceCase] {
        func cases(_ c: Double, _ expectation: Expectation) -> [ConformanceCase] {
            sixCases("double", expectation, [
                #Predicate<Row> { $0.double == c }, #Predicate<Row> { $0.double != c }, #Predicate<Row> { $0.double < c },
                #Predicate<Row> { $0.double <= c }, #Predicate<Row> { $0.double > c }, #Predicate<Row> { $0.double >= c },
            ])
        }
        return cases(-0.0, Expectation(label: "negativeZero", equal: ["zero", "negzero"], less: ["neg"], greater: ["pos", "big"]))
            + cases(-2.5, Expectation(label: "minusTwoAndAHalf", equal: ["neg"], less: [], greater: ["zero", "negzero", "pos", "big"]))
            + cases(.infinity, Expectation(label: "infinity", equal: [], less: allTags, greater: []))
    }

    /// `String` in binary code-point order: `"Apple"`, `""` and `"Zed"` sort before `"a"`.
    static func stringCases() -> [ConformanceCase] {
        func cases(_ c: String, _ expectation: Expectation) -> [ConformanceCase] {
            sixCases("string", expectation, [
                #Predicate<Row> { $0.string == c }, #Predicate<Row> { $0.string != c }, #Predicate<Row> { $0.string < c },
                #Predicate<Row> { $0.string <= c }, #Predicate<Row> { $0.string > c }, #Predicate<Row> { $0.string >= c },
            ])
        }
        return cases("a", Expectation(label: "lowerA", equal: [], less: ["neg", "zero", "big"], greater: ["negzero", "pos"]))
            + cases("apple", Expectation(label: "apple", equal: ["negzero"], less: ["neg", "zero", "big"], greater: ["pos"]))
            + cases("", Expectation(label: "empty", equal: ["zero"], less: [], greater: ["neg", "negzero", "pos", "big"]))
    }

    /// `Date` against the epoch, a date before 1970 and one in 2033.
    static func dateCases() -> [ConformanceCase] {
        func cases(_ c: Date, _ expectation: Expectation) -> [ConformanceCase] {
            sixCases("date", expectation, [
                #Predicate<Row> { $0.date == c }, #Predicate<Row> { $0.date != c }, #Predicate<Row> { $0.date < c },
                #Predicate<Row> { $0.date <= c }, #Predicate<Row> { $0.date > c }, #Predicate<Row> { $0.date >= c },
            ])
        }
        return cases(Date(timeIntervalSince1970: 0), Expectation(label: "epoch", equal: ["zero"], less: ["neg"], greater: ["negzero", "pos", "big"]))
            + cases(Date(timeIntervalSince1970: -86_400), Expectation(label: "before1970", equal: ["neg"], less: [], greater: ["zero", "negzero", "pos", "big"]))
            + cases(Date(timeIntervalSince1970: 2_000_000_000), Expectation(label: "year2033", equal: [], less: ["neg", "zero", "negzero", "pos"], greater: ["big"]))
    }

    /// `Bool` is not `Comparable`: equality, inequality and the bare attribute.
    static func boolCases() -> [ConformanceCase] {
        let t = table("bool")
        let yes = true
        return [
            t("equalTrue", #Predicate<Row> { $0.flag == true }, ["negzero", "pos", "big"]),
            t("equalFalse", #Predicate<Row> { $0.flag == false }, ["neg", "zero"]),
            t("notEqualTrue", #Predicate<Row> { $0.flag != true }, ["neg", "zero"]),
            t("notEqualCapturedTrue", #Predicate<Row> { $0.flag != yes }, ["neg", "zero"]),
            t("bare", #Predicate<Row> { $0.flag }, ["negzero", "pos", "big"]),
            t("negated", #Predicate<Row> { !$0.flag }, ["neg", "zero"]),
        ]
    }
}
