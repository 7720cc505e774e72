import StrataCore

/// `IN` lists through captured arrays (empty, one value, nil, 1,000+ values) and ranges.
enum CollectionCases {
    static let category = "collection"

    static let all: [ConformanceCase] = inCases() + largeInCases() + rangeCases()
        + toOneCases() + toManyCases() + identifierCases()

    /// | tag | int | optInt | string | optString |
    /// |-----|-----|--------|--------|-----------|
    /// | r0  | -1  | -1     | ""     | ""        |
    /// | r1  | 1   | 1      | "a"    | "a"       |
    /// | r2  | 2   | nil    | "b"    | nil       |
    /// | r3  | 3   | 3      | "c"    | "c"       |
    /// | r4  | 4   | nil    | "d"    | nil       |
    /// | r5  | 5   | 5      | "e"    | "e"       |
    @Sendable static func rows() -> [Row] {
        [
            Row(tag: "r0", int: -1, optInt: -1, string: "", optString: ""),
            Row(tag: "r1", int: 1, optInt: 1, string: "a", optString: "a"),
            Row(tag: "r2", int: 2, optInt: nil, string: "b", optString: nil),
            Row(tag: "r3", int: 3, optInt: 3, string: "c", optString: "c"),
            Row(tag: "r4", int: 4, optInt: nil, string: "d", optString: nil),
            Row(tag: "r5", int: 5, optInt: 5, string: "e", optString: "e"),
        ]
    }

    static func table(_ topic: String) -> RowTable {
        RowTable(prefix: "\(category).\(topic)", category: category, rows: rows)
    }

    /// `values.contains($0.x)` with short captured arrays, optional ones holding nil included.
    static func inCases() -> [ConformanceCase] {
        let t = table("in")
        let several = [2, 4, 9], none: [Int] = [], one = [3], negative = [-1, 0], pair = [2, 4]
        let withNil: [Int?] = [nil, 3], withoutNil: [Int?] = [1, 6], onlyNil: [Int?] = [nil]
        let strings = ["a", "e", "zz"], withEmpty = ["", "c"]
        let optionalStrings: [String?] = [nil, "a"]
        let small = [1, 2, 3]
        return [
            t("several", #Predicate<Row> { several.contains($0.int) }, ["r2", "r4"]),
            t("emptyList", #Predicate<Row> { none.contains($0.int) }, []),
            t("notInEmptyList", #Predicate<Row> { !none.contains($0.int) }, ["r0", "r1", "r2", "r3", "r4", "r5"]),
            t("oneValue", #Predicate<Row> { one.contains($0.int) }, ["r3"]),
            t("negativeValues", #Predicate<Row> { negative.contains($0.int) }, ["r0"]),
            t("notInList", #Predicate<Row> { !pair.contains($0.int) }, ["r0", "r1", "r3", "r5"]),
            t("optionalListWithNil", #Predicate<Row> { withNil.contains($0.optInt) }, ["r2", "r3", "r4"]),
            t("optionalListWithoutNil", #Predicate<Row> { withoutNil.contains($0.optInt) }, ["r1"]),
            t("optionalListOnlyNil", #Predicate<Row> { onlyNil.contains($0.optInt) }, ["r2", "r4"]),
            t("notInOptionalListWithNil", #Predicate<Row> { !withNil.contains($0.optInt) }, ["r0", "r1", "r5"]),
            t("notInOptionalListWithoutNilKeepsNil", #Predicate<Row> { !withoutNil.contains($0.optInt) }, ["r0", "r2", "r3", "r4", "r5"]),
            t("strings", #Predicate<Row> { strings.contains($0.string) }, ["r1", "r5"]),
            t("stringsWithEmpty", #Predicate<Row> { withEmpty.contains($0.string) }, ["r0", "r3"]),
            t("optionalStringsWithNil", #Predicate<Row> { optionalStrings.contains($0.optString) }, ["r1", "r2", "r4"]),
            t("inAndNotNil", #Predicate<Row> { small.contains($0.int) && $0.optInt != nil }, ["r1", "r3"]),
        ]
    }

    /// Lists of more than 1,000 values (more than SQLite's historic 999 bind parameters).
    static func largeInCases() -> [ConformanceCase] {
        let t = table("inLarge")
        let evens = Array(stride(from: -1000, through: 1000, by: 2)) + [3]          // 1,002 values
        let optionals: [Int?] = (1000..<2500).map { $0 } + [nil]                     // 1,501 values
        let strings = (0..<1500).map { "s\($0)" } + ["c"]                            // 1,501 values
        return [
            t("ints", #Predicate<Row> { evens.contains($0.int) }, ["r2", "r3", "r4"]),
            t("notInts", #Predicate<Row> { !evens.contains($0.int) }, ["r0", "r1", "r5"]),
            t("optionalsWithNil", #Predicate<Row> { optionals.contains($0.optInt) }, ["r2", "r4"]),
            t("strings", #Predicate<Row> { strings.contains($0.string) }, ["r3"]),
        ]
    }

    /// `(a...b).contains`, `(a..<b).contains`, captured bounds and ranges, string ranges.
    static func rangeCases() -> [ConformanceCase] {
        let t = table("range")
        let low = 2, high = 3
        let captured = 2...4
        return [
            t("closed", #Predicate<Row> { (1...4).contains($0.int) }, ["r1", "r2", "r3", "r4"]),
            t("halfOpen", #Predicate<Row> { (1..<4).contains($0.int) }, ["r1", "r2", "r3"]),
            t("negativeBound", #Predicate<Row> { (-1...1).contains($0.int) }, ["r0", "r1"]),
            t("notClosed", #Predicate<Row> { !(2...4).contains($0.int) }, ["r0", "r1", "r5"]),
            t("emptyHalfOpen", #Predicate<Row> { (3..<3).contains($0.int) }, []),
            t("capturedBounds", #Predicate<Row> { (low...high).contains($0.int) }, ["r2", "r3"]),
            t("capturedRange", #Predicate<Row> { captured.contains($0.int) }, ["r2", "r3", "r4"]),
            t("coalescedOptional", #Predicate<Row> { (1...3).contains($0.optInt ?? 0) }, ["r1", "r3"]),
            t("stringsClosed", #Predicate<Row> { ("b"..."d").contains($0.string) }, ["r2", "r3", "r4"]),
            t("stringsHalfOpen", #Predicate<Row> { ("a"..<"c").contains($0.string) }, ["r1", "r2"]),
        ]
    }
}
