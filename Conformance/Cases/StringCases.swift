import StrataCore

/// Case-sensitive `contains`/`starts(with:)`, and `%`, `_`, `\` and quotes as literal characters.
enum StringCases {
    static let category = "string"

    static let all: [ConformanceCase] = caseCases() + literalCases() + quoteCases()
        + unicodeCases() + orderCases() + emptyCases()

    /// Rows with only `tag`, `string` and `optString` set.
    static func rows(_ values: [(tag: String, string: String, optString: String?)]) -> @Sendable () -> [Row] {
        let values = values.map { ($0.tag, $0.string, $0.optString) }
        return { values.map { Row(tag: $0.0, string: $0.1, optString: $0.2) } }
    }

    static func table(_ topic: String, _ values: [(tag: String, string: String, optString: String?)]) -> RowTable {
        RowTable(prefix: "\(category).\(topic)", category: category, rows: rows(values))
    }

    /// Case sensitivity: `"World"` and `"world"` are different needles.
    static func caseCases() -> [ConformanceCase] {
        let t = table("caseSensitive", [
            ("upper", "Hello World", "Hi"),
            ("lower", "hello world", nil),
            ("caps", "HELLO", "hi"),
            ("other", "Goodbye", nil),
        ])
        let needle = "World"
        return [
            t("containsWorld", #Predicate<Row> { $0.string.contains("World") }, ["upper"]),
            t("containsLowerWorld", #Predicate<Row> { $0.string.contains("world") }, ["lower"]),
            t("containsCapitalO", #Predicate<Row> { $0.string.contains("O") }, ["caps"]),
            t("containsSmallO", #Predicate<Row> { $0.string.contains("o") }, ["upper", "lower", "other"]),
            t("notContains", #Predicate<Row> { !$0.string.contains("ello") }, ["caps", "other"]),
            t("containsCaptured", #Predicate<Row> { $0.string.contains(needle) }, ["upper"]),
            t("startsWithHello", #Predicate<Row> { $0.string.starts(with: "Hello") }, ["upper"]),
            t("startsWithSmallHello", #Predicate<Row> { $0.string.starts(with: "hello") }, ["lower"]),
            t("startsWithCaps", #Predicate<Row> { $0.string.starts(with: "HELLO") }, ["caps"]),
            t("equalsIsCaseSensitive", #Predicate<Row> { $0.string == "hello world" }, ["lower"]),
            t("optionalContains", #Predicate<Row> { $0.optString?.contains("H") == true }, ["upper"]),
            t("optionalNotContainsKeepsNil", #Predicate<Row> { $0.optString?.contains("H") != true }, ["lower", "caps", "other"]),
        ]
    }

    /// `%`, `_` and `\` are ordinary characters: LIKE wildcards and escapes must not leak.
    static func literalCases() -> [ConformanceCase] {
        let t = table("literal", [
            ("percent", "100% sure", "%"),
            ("hundred", "100 sure", nil),
            ("underscore", "snake_case", "_"),
            ("snakes", "snakeXcase", nil),
            ("backslash", "C:\\dir\\file", "\\"),
            ("noslash", "C:dirfile", nil),
        ])
        let wildcard = "_"
        return [
            t("containsPercent", #Predicate<Row> { $0.string.contains("%") }, ["percent"]),
            t("containsNumberPercent", #Predicate<Row> { $0.string.contains("100%") }, ["percent"]),
            t("containsTwoPercents", #Predicate<Row> { $0.string.contains("%%") }, []),
            t("containsUnderscore", #Predicate<Row> { $0.string.contains("_") }, ["underscore"]),
            t("containsUnderscoreBetween", #Predicate<Row> { $0.string.contains("e_c") }, ["underscore"]),
            t("containsCapturedUnderscore", #Predicate<Row> { $0.string.contains(wildcard) }, ["underscore"]),
            t("containsBackslash", #Predicate<Row> { $0.string.contains("\\") }, ["backslash"]),
            t("containsBackslashLetter", #Predicate<Row> { $0.string.contains("\\d") }, ["backslash"]),
            t("containsEscapedPercent", #Predicate<Row> { $0.string.contains("\\%") }, []),
            t("startsWithPercentOnly", #Predicate<Row> { $0.string.starts(with: "%") }, []),
            t("startsWithNumberPercent", #Predicate<Row> { $0.string.starts(with: "100%") }, ["percent"]),
            t("startsWithUnderscore", #Predicate<Row> { $0.string.starts(with: "snake_") }, ["underscore"]),
            t("startsWithBackslash", #Predicate<Row> { $0.string.starts(with: "C:\\") }, ["backslash"]),
            t("equalsWithPercent", #Predicate<Row> { $0.string == "100% sure" }, ["percent"]),
            t("equalsUnderscoreIsNotWildcard", #Predicate<Row> { $0.string == "100_sure" }, []),
            t("optionalEqualsPercent", #Predicate<Row> { $0.optString == "%" }, ["percent"]),
            t("optionalEqualsBackslash", #Predicate<Row> { $0.optString == "\\" }, ["backslash"]),
        ]
    }

    /// Single and double quotes, including text shaped like SQL injection.
    static func quoteCases() -> [ConformanceCase] {
        let t = table("quote", [
            ("single", "it's", "'"),
            ("double", "say \"hi\"", "\""),
            ("both", "'\"", nil),
            ("plain", "its", nil),
            ("injection", "x' OR '1'='1", nil),
        ])
        return [
            t("containsSingle", #Predicate<Row> { $0.string.contains("'") }, ["single", "both", "injection"]),
            t("containsDouble", #Predicate<Row> { $0.string.contains("\"") }, ["double", "both"]),
            t("containsBoth", #Predicate<Row> { $0.string.contains("'\"") }, ["both"]),
            t("equalsSingle", #Predicate<Row> { $0.string == "it's" }, ["single"]),
            t("equalsDoubleQuoted", #Predicate<Row> { $0.string == "say \"hi\"" }, ["double"]),
            t("startsWithSingle", #Predicate<Row> { $0.string.starts(with: "'") }, ["both"]),
            t("equalsInjectionText", #Predicate<Row> { $0.string == "x' OR '1'='1" }, ["injection"]),
            t("injectionMatchesNothing", #Predicate<Row> { $0.string == "' OR '1'='1" }, []),
            t("containsStatementText", #Predicate<Row> { $0.string.contains("'; DROP TABLE Row; --") }, []),
            t("optionalEqualsSingle", #Predicate<Row> { $0.optString == "'" }, ["single"]),
            t("optionalNotEqualsDoubleKeepsNil", #Predicate<Row> { $0.optString != "\"" }, ["single", "both", "plain", "injection"]),
        ]
    }
}
