import StrataCore

/// Negation and `&&`/`||` over nullable sub-expressions, and the complement law `P` + `!P` = all.
extension NullSafetyCases {
    /// `!`, nested negations and mixtures of `&&`/`||` whose operands compare optionals.
    static func logicCases() -> [ConformanceCase] {
        let t = table("logic")
        return [
            t("notEquals", #Predicate<Row> { !($0.optInt == 3) }, ["nil", "five", "minus", "flagnil"]),
            t("notNotEquals", #Predicate<Row> { !($0.optInt != 3) }, ["three"]),
            t("doubleNegation", #Predicate<Row> { !(!($0.optInt == 3)) }, ["three"]),
            t("tripleNegation", #Predicate<Row> { !(!(!($0.optInt != 3))) }, ["three"]),
            t("notIsNil", #Predicate<Row> { !($0.optInt == nil) }, ["three", "five", "minus"]),
            t("andIsNil", #Predicate<Row> { $0.flag && $0.optInt == nil }, ["flagnil"]),
            t("orIsNil", #Predicate<Row> { $0.optInt == nil || $0.int > 4 }, ["nil", "flagnil", "five"]),
            t("notAndNotEquals", #Predicate<Row> { !($0.flag && $0.optInt != 3) }, ["nil", "three", "five"]),
            t("notOrWithNil", #Predicate<Row> { !($0.optInt == 5 || $0.optInt == nil) }, ["three", "minus"]),
            t("andAcrossTypes", #Predicate<Row> { $0.optString != "c" && $0.optDouble != 5.5 }, ["nil", "minus", "flagnil"]),
            t("notAndAcrossTypes", #Predicate<Row> { !($0.optString != "c" && $0.optDouble != 5.5) }, ["three", "five"]),
            t("orTwoNullables", #Predicate<Row> { $0.optString == "A" || $0.optFlag == true }, ["minus", "three"]),
            t("notOrTwoNullables", #Predicate<Row> { !($0.optString == "A" || $0.optFlag == true) }, ["nil", "five", "flagnil"]),
            t("deMorganParts", #Predicate<Row> { !($0.optInt == 3) && !($0.optFlag == nil) }, ["five", "minus"]),
            t("negatedNilCheckOr", #Predicate<Row> { !($0.optInt != nil) || $0.optString == "e" }, ["nil", "flagnil", "five"]),
            t("twoNotEquals", #Predicate<Row> { $0.optInt != 3 && $0.optInt != 5 }, ["nil", "minus", "flagnil"]),
        ]
    }

    /// For each `P`, `P` and `!(P)` (both written out) partition the rows: every row matches
    /// exactly one, so the counts add up to the row count.
    static func complementCases() -> [ConformanceCase] {
        let five = Date(timeIntervalSince1970: 5)
        let none: Int? = nil
        return [
            complement("equals", #Predicate<Row> { $0.optInt == 3 }, #Predicate<Row> { !($0.optInt == 3) }, ["three"]),
            complement("notEquals", #Predicate<Row> { $0.optInt != 3 }, #Predicate<Row> { !($0.optInt != 3) }, ["nil", "five", "minus", "flagnil"]),
            complement("isNil", #Predicate<Row> { $0.optInt == nil }, #Predicate<Row> { !($0.optInt == nil) }, ["nil", "flagnil"]),
            complement("doubleNotEquals", #Predicate<Row> { $0.optDouble != 5.5 }, #Predicate<Row> { !($0.optDouble != 5.5) }, ["nil", "three", "minus", "flagnil"]),
            complement("stringEquals", #Predicate<Row> { $0.optString == "A" }, #Predicate<Row> { !($0.optString == "A") }, ["minus"]),
            complement("boolEqualsTrue", #Predicate<Row> { $0.optFlag == true }, #Predicate<Row> { !($0.optFlag == true) }, ["three"]),
            complement("boolNotEqualsFalse", #Predicate<Row> { $0.optFlag != false }, #Predicate<Row> { !($0.optFlag != false) }, ["nil", "three", "flagnil"]),
            complement("dateEquals", #Predicate<Row> { $0.optDate == five }, #Predicate<Row> { !($0.optDate == five) }, ["five"]),
            complement("coalesce", #Predicate<Row> { ($0.optInt ?? 0) > 2 }, #Predicate<Row> { !(($0.optInt ?? 0) > 2) }, ["three", "five"]),
            complement("andNotEquals", #Predicate<Row> { $0.flag && $0.optInt != 3 }, #Predicate<Row> { !($0.flag && $0.optInt != 3) }, ["minus", "flagnil"]),
            complement("orMixed", #Predicate<Row> { $0.optString == nil || $0.optDouble == 3 }, #Predicate<Row> { !($0.optString == nil || $0.optDouble == 3) }, ["nil", "flagnil", "three"]),
            complement("andTwoNullables", #Predicate<Row> { $0.optInt != 3 && $0.optString != "e" }, #Predicate<Row> { !($0.optInt != 3 && $0.optString != "e") }, ["nil", "minus", "flagnil"]),
            complement("negated", #Predicate<Row> { !($0.optFlag == false) }, #Predicate<Row> { !(!($0.optFlag == false)) }, ["nil", "three", "flagnil"]),
            complement("capturedNil", #Predicate<Row> { none == $0.optInt }, #Predicate<Row> { !(none == $0.optInt) }, ["nil", "flagnil"]),
            complement("guardedUnwrap", #Predicate<Row> { $0.optInt != nil && $0.optInt! > 1 }, #Predicate<Row> { !($0.optInt != nil && $0.optInt! > 1) }, ["three", "five"]),
        ]
    }

    /// Checks that `predicate` returns `expected`, `negation` returns every other row, and
    /// the two counts add up to the row count.
    static func complement(_ detail: String, _ predicate: Predicate<Row>, _ negation: Predicate<Row>, _ expected: [String]) -> ConformanceCase {
        ConformanceCase("\(category).complement.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let positive = FetchDescriptor<Row>(predicate: predicate)
            let negative = FetchDescriptor<Row>(predicate: negation)
            try Check.sameElements(try context.fetch(positive).map(\.tag), expected, "rows matching P")
            let rest = allTags.filter { !expected.contains($0) }
            try Check.sameElements(try context.fetch(negative).map(\.tag), rest, "rows matching !(P)")
            let total = try context.fetchCount(positive) + context.fetchCount(negative)
            try Check.equal(total, allTags.count, "count(P) + count(!P) == count(all)")
        }
    }
}
