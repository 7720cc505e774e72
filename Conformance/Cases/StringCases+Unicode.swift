import StrataCore

/// Canonical equivalence, emoji, binary code-point ordering, and empty versus nil strings.
extension StringCases {
    /// `"é"` (U+00E9) equals `"e\u{301}"`; `contains` and `starts(with:)` compare characters.
    static func unicodeCases() -> [ConformanceCase] {
        let t = table("unicode", [
            ("emoji", "thumbs 👍🏽 up", "👍🏽"),
            ("composed", "caf\u{E9}", "\u{E9}"),
            ("decomposed", "cafe\u{301}", "e\u{301}"),
            ("plain", "cafe", nil),
            ("cjk", "日本語", nil),
        ])
        let decomposed = "cafe\u{301}"
        return [
            t("equalsComposed", #Predicate<Row> { $0.string == "caf\u{E9}" }, ["composed", "decomposed"]),
            t("equalsDecomposed", #Predicate<Row> { $0.string == "cafe\u{301}" }, ["composed", "decomposed"]),
            t("equalsCapturedDecomposed", #Predicate<Row> { $0.string == decomposed }, ["composed", "decomposed"]),
            t("notEqualsComposed", #Predicate<Row> { $0.string != "caf\u{E9}" }, ["emoji", "plain", "cjk"]),
            t("optionalEqualsComposed", #Predicate<Row> { $0.optString == "\u{E9}" }, ["composed", "decomposed"]),
            t("containsComposed", #Predicate<Row> { $0.string.contains("\u{E9}") }, ["composed", "decomposed"]),
            t("containsDecomposed", #Predicate<Row> { $0.string.contains("e\u{301}") }, ["composed", "decomposed"]),
            t("containsBaseLetterOnlyInPlain", #Predicate<Row> { $0.string.contains("e") }, ["plain"]),
            t("startsWithComposed", #Predicate<Row> { $0.string.starts(with: "caf\u{E9}") }, ["composed", "decomposed"]),
            t("startsWithPlainOnly", #Predicate<Row> { $0.string.starts(with: "cafe") }, ["plain"]),
            t("containsEmoji", #Predicate<Row> { $0.string.contains("👍🏽") }, ["emoji"]),
            t("equalsCJK", #Predicate<Row> { $0.string == "日本語" }, ["cjk"]),
            t("countCharacters", #Predicate<Row> { $0.string.count == 4 }, ["composed", "decomposed", "plain"]),
            t("countEmojiAsOneCharacter", #Predicate<Row> { $0.string.count == 11 }, ["emoji"]),
            t("countCJK", #Predicate<Row> { $0.string.count == 3 }, ["cjk"]),
        ]
    }

    /// `<` and `>` in code-point order: every uppercase ASCII letter sorts before `"a"`.
    static func orderCases() -> [ConformanceCase] {
        let t = table("order", [
            ("Z", "Z", nil), ("a", "a", nil), ("C", "C", nil), ("b", "b", nil), ("B", "B", nil),
            ("composed", "\u{E9}", nil), ("decomposed", "e\u{301}", nil), ("empty", "", nil), ("f", "f", nil),
        ])
        let bound = "Z"
        return [
            t("lessThanSmallA", #Predicate<Row> { $0.string < "a" }, ["Z", "C", "B", "empty"]),
            t("greaterThanCapitalZ", #Predicate<Row> { $0.string > "Z" }, ["a", "b", "composed", "decomposed", "f"]),
            t("atLeastCapitalC", #Predicate<Row> { $0.string >= "C" }, ["Z", "a", "C", "b", "composed", "decomposed", "f"]),
            t("atMostCapitalB", #Predicate<Row> { $0.string <= "B" }, ["B", "empty"]),
            t("lessThanAccented", #Predicate<Row> { $0.string < "\u{E9}" }, ["Z", "a", "C", "b", "B", "empty", "f"]),
            t("decomposedSortsAsComposed", #Predicate<Row> { $0.string > "f" }, ["composed", "decomposed"]),
            t("capitalCBeforeSmallA", #Predicate<Row> { $0.string > "B" && $0.string < "a" }, ["C", "Z"]),
            t("emptyIsLeast", #Predicate<Row> { $0.string < "B" }, ["empty"]),
            t("atMostCapturedZ", #Predicate<Row> { $0.string <= bound }, ["Z", "C", "B", "empty"]),
        ]
    }

    /// `""` is a value, nil is not; `isEmpty` and `count` on plain and optional strings.
    static func emptyCases() -> [ConformanceCase] {
        let t = table("empty", [
            ("empty", "", ""),
            ("missing", "x", nil),
            ("full", "abc", "abc"),
            ("space", " ", " "),
        ])
        return [
            t("optionalEqualsEmpty", #Predicate<Row> { $0.optString == "" }, ["empty"]),
            t("optionalIsNil", #Predicate<Row> { $0.optString == nil }, ["missing"]),
            t("optionalNotEqualsEmptyKeepsNil", #Predicate<Row> { $0.optString != "" }, ["missing", "full", "space"]),
            t("equalsEmpty", #Predicate<Row> { $0.string == "" }, ["empty"]),
            t("equalsSpace", #Predicate<Row> { $0.string == " " }, ["space"]),
            t("isEmpty", #Predicate<Row> { $0.string.isEmpty }, ["empty"]),
            t("notIsEmpty", #Predicate<Row> { !$0.string.isEmpty }, ["missing", "full", "space"]),
            t("countZero", #Predicate<Row> { $0.string.count == 0 }, ["empty"]),
            t("countOne", #Predicate<Row> { $0.string.count == 1 }, ["missing", "space"]),
            t("countGreaterThanOne", #Predicate<Row> { $0.string.count > 1 }, ["full"]),
            t("optionalIsEmptyTrue", #Predicate<Row> { $0.optString?.isEmpty == true }, ["empty"]),
            t("optionalIsEmptyNotTrueKeepsNil", #Predicate<Row> { $0.optString?.isEmpty != true }, ["missing", "full", "space"]),
            t("coalescedIsEmpty", #Predicate<Row> { ($0.optString ?? "").isEmpty }, ["empty", "missing"]),
            t("optionalCount", #Predicate<Row> { $0.optString?.count == 3 }, ["full"]),
        ]
    }
}
