import StrataCore

/// Null-safe comparison on optional attributes: Swift's two-valued logic, never SQL's three-valued one.
enum NullSafetyCases {
    static let category = "nullSafety"

    static let all: [ConformanceCase] = intCases() + doubleCases() + stringCases() + boolCases() + dateCases()
        + logicCases() + unwrapCases() + coalesceCases() + complementCases() + capturedCases()

    /// `Fixtures.nullableRows()` plus a row whose `flag` is true and every optional is nil, so
    /// short-circuit cases have a row where the left side decides before an unwrap of nil.
    ///
    /// | tag     | int | optInt | double | optDouble | optString | flag  | optFlag | optDate |
    /// |---------|-----|--------|--------|-----------|-----------|-------|---------|---------|
    /// | nil     | 0   | nil    | 0      | nil       | nil       | false | nil     | nil     |
    /// | three   | 3   | 3      | 3      | 3         | "c"       | true  | true    | 3 s     |
    /// | five    | 5   | 5      | 5.5    | 5.5       | "e"       | false | false   | 5 s     |
    /// | minus   | -2  | -2     | -2.5   | -2.5      | "A"       | true  | false   | -2 s    |
    /// | flagnil | 1   | nil    | 1      | nil       | nil       | true  | nil     | nil     |
    @Sendable static func rows() -> [Row] {
        Fixtures.nullableRows() + [Row(tag: "flagnil", int: 1, double: 1, string: "b", flag: true)]
    }

    /// Every tag of ``rows()``.
    static let allTags = ["nil", "three", "five", "minus", "flagnil"]

    static func table(_ topic: String) -> RowTable {
        RowTable(prefix: "\(category).\(topic)", category: category, rows: rows)
    }

    /// `Optional<Int>` against nil, literals and captured optionals.
    static func intCases() -> [ConformanceCase] {
        let t = table("int")
        let none: Int? = nil
        let five: Int? = 5
        let minusTwo = -2
        return [
            t("isNil", #Predicate<Row> { $0.optInt == nil }, ["nil", "flagnil"]),
            t("isNotNil", #Predicate<Row> { $0.optInt != nil }, ["three", "five", "minus"]),
            t("equalsLiteral", #Predicate<Row> { $0.optInt == 3 }, ["three"]),
            t("notEqualsLiteralKeepsNil", #Predicate<Row> { $0.optInt != 3 }, ["nil", "five", "minus", "flagnil"]),
            t("nilOnTheLeft", #Predicate<Row> { nil == $0.optInt }, ["nil", "flagnil"]),
            t("literalOnTheLeft", #Predicate<Row> { 3 != $0.optInt }, ["nil", "five", "minus", "flagnil"]),
            t("equalsCapturedNil", #Predicate<Row> { $0.optInt == none }, ["nil", "flagnil"]),
            t("notEqualsCapturedNil", #Predicate<Row> { $0.optInt != none }, ["three", "five", "minus"]),
            t("equalsCapturedValue", #Predicate<Row> { $0.optInt == five }, ["five"]),
            t("notEqualsCapturedValueKeepsNil", #Predicate<Row> { $0.optInt != five }, ["nil", "three", "minus", "flagnil"]),
            t("equalsCapturedNonOptional", #Predicate<Row> { $0.optInt == minusTwo }, ["minus"]),
            t("notEqualsCapturedNonOptional", #Predicate<Row> { $0.optInt != minusTwo }, ["nil", "three", "five", "flagnil"]),
        ]
    }

    /// `Optional<Double>` against nil, literals (negative included) and captured optionals.
    static func doubleCases() -> [ConformanceCase] {
        let t = table("double")
        let none: Double? = nil
        let minus: Double? = -2.5
        let negative = -2.5
        return [
            t("isNil", #Predicate<Row> { $0.optDouble == nil }, ["nil", "flagnil"]),
            t("isNotNil", #Predicate<Row> { $0.optDouble != nil }, ["three", "five", "minus"]),
            t("equalsLiteral", #Predicate<Row> { $0.optDouble == 5.5 }, ["five"]),
            t("notEqualsLiteralKeepsNil", #Predicate<Row> { $0.optDouble != 5.5 }, ["nil", "three", "minus", "flagnil"]),
            t("notEqualsCapturedNegativeKeepsNil", #Predicate<Row> { $0.optDouble != negative }, ["nil", "three", "five", "flagnil"]),
            t("equalsCapturedNil", #Predicate<Row> { $0.optDouble == none }, ["nil", "flagnil"]),
            t("notEqualsCapturedNil", #Predicate<Row> { $0.optDouble != none }, ["three", "five", "minus"]),
            t("equalsCapturedValue", #Predicate<Row> { $0.optDouble == minus }, ["minus"]),
            t("notEqualsCapturedValueKeepsNil", #Predicate<Row> { $0.optDouble != minus }, ["nil", "three", "five", "flagnil"]),
        ]
    }

    /// `Optional<String>` against nil, the empty string, literals and captured optionals.
    static func stringCases() -> [ConformanceCase] {
        let t = table("string")
        let none: String? = nil
        let upperA: String? = "A"
        return [
            t("isNil", #Predicate<Row> { $0.optString == nil }, ["nil", "flagnil"]),
            t("isNotNil", #Predicate<Row> { $0.optString != nil }, ["three", "five", "minus"]),
            t("equalsLiteral", #Predicate<Row> { $0.optString == "c" }, ["three"]),
            t("notEqualsLiteralKeepsNil", #Predicate<Row> { $0.optString != "c" }, ["nil", "five", "minus", "flagnil"]),
            t("equalsEmptyIsNotNil", #Predicate<Row> { $0.optString == "" }, []),
            t("notEqualsEmptyKeepsNil", #Predicate<Row> { $0.optString != "" }, allTags),
            t("equalsCapturedNil", #Predicate<Row> { $0.optString == none }, ["nil", "flagnil"]),
            t("notEqualsCapturedNil", #Predicate<Row> { $0.optString != none }, ["three", "five", "minus"]),
            t("equalsCapturedValue", #Predicate<Row> { $0.optString == upperA }, ["minus"]),
            t("notEqualsCapturedValueKeepsNil", #Predicate<Row> { $0.optString != upperA }, ["nil", "three", "five", "flagnil"]),
        ]
    }
}

/// Builds fetch cases over one `Row` fixture: each entry is a predicate and the tags Swift returns.
struct RowTable: Sendable {
    let prefix: String
    let category: String
    let rows: @Sendable () -> [Row]

    func callAsFunction(_ detail: String, _ predicate: Predicate<Row>, _ expected: [String]) -> ConformanceCase {
        Fixtures.fetchCase("\(prefix).\(detail)", category: category, rows: rows, predicate: predicate, expected: expected)
    }
}
