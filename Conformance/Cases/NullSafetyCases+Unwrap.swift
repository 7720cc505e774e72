import StrataCore

/// Forced unwrap (a nil row never matches, negated or not, with left-to-right short circuit) and `??`.
extension NullSafetyCases {
    /// `$0.x!`: Foundation throws on a nil row, so it matches neither `P` nor `!P`.
    static func unwrapCases() -> [ConformanceCase] {
        let t = table("unwrap")
        return [
            t("greater", #Predicate<Row> { $0.optInt! > 1 }, ["three", "five"]),
            t("notGreaterSkipsNil", #Predicate<Row> { !($0.optInt! > 1) }, ["minus"]),
            t("doubleNegationSkipsNil", #Predicate<Row> { !(!($0.optInt! > 1)) }, ["three", "five"]),
            t("orShortCircuitsBeforeUnwrap", #Predicate<Row> { $0.flag || $0.optInt! > 1 }, ["three", "minus", "flagnil", "five"]),
            t("orUnwrapFirstSkipsNil", #Predicate<Row> { $0.optInt! > 1 || $0.flag }, ["three", "five", "minus"]),
            t("andGuardedByNilCheck", #Predicate<Row> { $0.optInt != nil && $0.optInt! > 1 }, ["three", "five"]),
            t("notAndGuardedByNilCheck", #Predicate<Row> { !($0.optInt != nil && $0.optInt! > 1) }, ["nil", "minus", "flagnil"]),
            t("andUnwrapFirst", #Predicate<Row> { $0.optInt! > 1 && $0.flag }, ["three"]),
            t("andFlagFirst", #Predicate<Row> { $0.flag && $0.optInt! > 1 }, ["three"]),
            t("notAndFlagFirst", #Predicate<Row> { !($0.flag && $0.optInt! > 1) }, ["nil", "five", "minus"]),
            t("orNilCheckFirst", #Predicate<Row> { $0.optInt == nil || $0.optInt! < 0 }, ["nil", "flagnil", "minus"]),
            t("double", #Predicate<Row> { $0.optDouble! < 0 }, ["minus"]),
            t("notDoubleSkipsNil", #Predicate<Row> { !($0.optDouble! < 0) }, ["three", "five"]),
            t("stringIsEmpty", #Predicate<Row> { $0.optString!.isEmpty }, []),
            t("notStringIsEmptySkipsNil", #Predicate<Row> { !$0.optString!.isEmpty }, ["three", "five", "minus"]),
            t("bool", #Predicate<Row> { $0.optFlag! }, ["three"]),
            t("notBoolSkipsNil", #Predicate<Row> { !$0.optFlag! }, ["five", "minus"]),
            t("ternaryTakesOneBranch", #Predicate<Row> { $0.optInt == nil ? $0.flag : $0.optInt! > 3 }, ["flagnil", "five"]),
            neither(),
        ]
    }

    /// `P` and `!P` with an unwrap of nil: the nil rows are in neither result.
    static func neither() -> ConformanceCase {
        ConformanceCase("\(category).unwrap.nilRowsMatchNeitherSide", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let positive = FetchDescriptor<Row>(predicate: #Predicate { $0.optInt! > 1 })
            let negative = FetchDescriptor<Row>(predicate: #Predicate { !($0.optInt! > 1) })
            let union = try context.fetch(positive).map(\.tag) + context.fetch(negative).map(\.tag)
            try Check.sameElements(union, ["three", "five", "minus"], "P ∪ !P leaves out the nil rows")
            try Check.equal(try context.fetchCount(positive) + context.fetchCount(negative), 3, "count(P) + count(!P)")
        }
    }

    /// `($0.x ?? d) op v`: the default stands in for nil before comparing.
    static func coalesceCases() -> [ConformanceCase] {
        let t = table("coalesce")
        return [
            t("intGreater", #Predicate<Row> { ($0.optInt ?? 0) > 2 }, ["three", "five"]),
            t("intLessOrEqualWithLargeDefault", #Predicate<Row> { ($0.optInt ?? 10) <= 3 }, ["three", "minus"]),
            t("notIntGreater", #Predicate<Row> { !(($0.optInt ?? 0) > 2) }, ["nil", "minus", "flagnil"]),
            t("intEqualsNegativeDefault", #Predicate<Row> { ($0.optInt ?? -2) == -2 }, ["nil", "minus", "flagnil"]),
            t("defaultFromKeyPath", #Predicate<Row> { ($0.optInt ?? $0.int) == 1 }, ["flagnil"]),
            t("doubleLess", #Predicate<Row> { ($0.optDouble ?? 0) < 0 }, ["minus"]),
            t("doubleGreaterOrEqualWithLargeDefault", #Predicate<Row> { ($0.optDouble ?? 100) >= 5.5 }, ["nil", "five", "flagnil"]),
            t("stringEqualsEmpty", #Predicate<Row> { ($0.optString ?? "") == "" }, ["nil", "flagnil"]),
            t("stringGreater", #Predicate<Row> { ($0.optString ?? "z") > "b" }, ["nil", "three", "five", "flagnil"]),
        ]
    }
}
