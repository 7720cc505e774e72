import StrataCore

/// `localizedStandardContains`: Foundation's search that ignores case and diacritics, on plain,
/// optional and related strings, with wildcard characters, an empty search string, negation and
/// other conditions around it.
extension StringCases {
    static var localizedSearch: [ConformanceCase] { localizedSearchCases() + localizedSearchEdgeCases() + sharpSCases() + [localizedSearchRelatedCase()] }

    /// Rows mixing case, accents (composed and decomposed) and `%`/`_`; `empty` holds `""`.
    static let localizedSearchTable = table("localizedStandardContains", [
        ("cafe", "Café au lait", "CAFÉ"),
        ("upper", "CAFÉ", nil),
        ("decomposed", "Cafe\u{301} noir", nil),
        ("teria", "cafeteria", "TERIA"),
        ("percent", "100% Pure", "50_50"),
        ("underscore", "snake_case", nil),
        ("tea", "Tea", ""),
        ("empty", "", nil),
    ])

    /// Case and diacritics are ignored; `%` and `_` are ordinary characters.
    static func localizedSearchCases() -> [ConformanceCase] {
        let t = localizedSearchTable
        let accented = "CAFÉ", decomposedNeedle = "Cafe\u{301}", wildcard = "_"
        let cafes = ["cafe", "upper", "decomposed", "teria"]
        return [
            t("plainNeedle", #Predicate<Row> { $0.string.localizedStandardContains("cafe") }, cafes),
            t("capturedAccentedUpperNeedle", #Predicate<Row> { $0.string.localizedStandardContains(accented) }, cafes),
            t("capturedDecomposedNeedle", #Predicate<Row> { $0.string.localizedStandardContains(decomposedNeedle) }, cafes),
            t("accentMatchesPlainLetter", #Predicate<Row> { $0.string.localizedStandardContains("é") },
              ["cafe", "upper", "decomposed", "teria", "percent", "underscore", "tea"]),
            t("wordInside", #Predicate<Row> { $0.string.localizedStandardContains("AU LAIT") }, ["cafe"]),
            t("percentIsLiteral", #Predicate<Row> { $0.string.localizedStandardContains("0% p") }, ["percent"]),
            t("percentAloneIsLiteral", #Predicate<Row> { $0.string.localizedStandardContains("%") }, ["percent"]),
            t("underscoreIsLiteral", #Predicate<Row> { $0.string.localizedStandardContains(wildcard) }, ["underscore"]),
            t("underscoreBetweenLetters", #Predicate<Row> { $0.string.localizedStandardContains("E_C") }, ["underscore"]),
            t("noMatch", #Predicate<Row> { $0.string.localizedStandardContains("latte") }, []),
        ]
    }

    /// The empty search string, nil and empty optionals, a column as the search string,
    /// negation, and `&&`/`||` with other conditions.
    static func localizedSearchEdgeCases() -> [ConformanceCase] {
        let t = localizedSearchTable
        let nothing = ""
        let all = ["cafe", "upper", "decomposed", "teria", "percent", "underscore", "tea", "empty"]
        return [
            // Foundation: no string contains "" (NSString's range(of:) finds nothing for it).
            t("emptyNeedleMatchesNothing", #Predicate<Row> { $0.string.localizedStandardContains(nothing) }, []),
            t("notEmptyNeedleMatchesAll", #Predicate<Row> { !$0.string.localizedStandardContains("") }, all),
            t("negated", #Predicate<Row> { !$0.string.localizedStandardContains("CAFE") }, ["percent", "underscore", "tea", "empty"]),
            t("optionalEqualsTrue", #Predicate<Row> { $0.optString?.localizedStandardContains("café") == true }, ["cafe"]),
            t("optionalNotTrueKeepsNilAndEmpty", #Predicate<Row> { $0.optString?.localizedStandardContains("café") != true },
              ["upper", "decomposed", "teria", "percent", "underscore", "tea", "empty"]),
            t("coalescedOptional", #Predicate<Row> { ($0.optString ?? "").localizedStandardContains("50_") }, ["percent"]),
            t("columnNeedle", #Predicate<Row> { $0.string.localizedStandardContains($0.optString ?? "") }, ["cafe", "teria"]),
            t("andOtherCondition", #Predicate<Row> { $0.string.localizedStandardContains("cafe") && $0.optString != nil }, ["cafe", "teria"]),
            t("otherConditionFirst", #Predicate<Row> { $0.optString == nil && $0.string.localizedStandardContains("É") },
              ["upper", "decomposed", "underscore"]),
            t("orOtherCondition", #Predicate<Row> { $0.string.localizedStandardContains("TEA") || $0.optString == "50_50" },
              ["tea", "percent"]),
            t("negatedAnd", #Predicate<Row> { !($0.string.localizedStandardContains("cafe") && $0.tag != "upper") },
              ["upper", "percent", "underscore", "tea", "empty"]),
        ]
    }

    /// `ß` against `ss`, both ways. The expectation is Foundation's own answer on the platform
    /// the suite runs on (on Linux `ß` folds to `ss`, so all three spellings of the street match
    /// each needle); a store must give the same.
    static func sharpSCases() -> [ConformanceCase] {
        let values: [(tag: String, string: String, optString: String?)] = [
            ("sharp", "Straße", nil), ("double", "STRASSE", nil), ("single", "Strase", nil), ("other", "Strand", nil),
        ]
        let t = table("localizedStandardContains.sharpS", values)
        let swiftAnswer = { (needle: String) in values.filter { $0.string.localizedStandardContains(needle) }.map(\.tag) }
        let sharp = "straße", double = "strasse", alone = "ß"
        return [
            t("sharpNeedle", #Predicate<Row> { $0.string.localizedStandardContains(sharp) }, swiftAnswer(sharp)),
            t("doubleNeedle", #Predicate<Row> { $0.string.localizedStandardContains(double) }, swiftAnswer(double)),
            t("sharpAlone", #Predicate<Row> { $0.string.localizedStandardContains(alone) }, swiftAnswer(alone)),
        ]
    }

    /// Through an optional to-one relationship: a pet whose owner's name contains `"AN"`.
    static func localizedSearchRelatedCase() -> ConformanceCase {
        ConformanceCase("\(category).localizedStandardContains.throughToOne", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            _ = CollectionCases.petGraph(seeding)
            try seeding.save()
            try Fixtures.checkFetch(
                #Predicate<Pet> { $0.owner?.name.localizedStandardContains("AN") == true }, in: container, tag: \.name, ["rex", "fido"])
        }
    }
}
