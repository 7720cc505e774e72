import StrataCore

/// A captured optional tested on its own (`captured == nil`, `captured!`, `captured?.x`): Swift
/// answers it the same for every row, and a nil capture must not leave SQL a NULL of no type.
extension NullSafetyCases {
    /// The optional-filter idiom `filter == nil || $0.x == filter!` and its parts, per type.
    static func capturedCases() -> [ConformanceCase] {
        let t = table("captured")
        let noFlag: Bool? = nil, yes: Bool? = true
        let noInt: Int? = nil, five: Int? = 5
        let noString: String? = nil, upperA: String? = "A"
        let noDate: Date? = nil, threeSeconds: Date? = Date(timeIntervalSince1970: 3)
        return [
            t("boolNilOrEquals", #Predicate<Row> { row in noFlag == nil || row.optFlag == noFlag! }, allTags),
            t("boolValueOrEquals", #Predicate<Row> { row in yes == nil || row.optFlag == yes! }, ["three"]),
            t("intNilOrEquals", #Predicate<Row> { row in noInt == nil || row.optInt == noInt! }, allTags),
            t("intValueOrEquals", #Predicate<Row> { row in five == nil || row.optInt == five! }, ["five"]),
            t("stringNilOrEquals", #Predicate<Row> { row in noString == nil || row.optString == noString! }, allTags),
            t("stringValueOrEquals", #Predicate<Row> { row in upperA == nil || row.optString == upperA! }, ["minus"]),
            t("dateNilOrEquals", #Predicate<Row> { row in noDate == nil || row.optDate == noDate! }, allTags),
            t("dateValueOrEquals", #Predicate<Row> { row in threeSeconds == nil || row.optDate == threeSeconds! }, ["three"]),
            t("nilIsNil", #Predicate<Row> { _ in noInt == nil }, allTags),
            t("nilIsNotNil", #Predicate<Row> { _ in noString != nil }, []),
            t("valueIsNil", #Predicate<Row> { _ in five == nil }, []),
            t("valueIsNotNil", #Predicate<Row> { _ in threeSeconds != nil }, allTags),
            t("notNilIsNil", #Predicate<Row> { _ in !(noFlag == nil) }, []),
            t("nilOnTheLeftOfNil", #Predicate<Row> { _ in nil == noDate }, allTags),
            t("nilGuardsUnwrap", #Predicate<Row> { row in noInt != nil && row.optInt == noInt! }, []),
            t("unwrapOfNilMatchesNoRow", #Predicate<Row> { row in row.int == noInt! || row.flag }, []),
            t("coalescedNil", #Predicate<Row> { row in (noInt ?? 3) == row.int }, ["three"]),
            t("optionalChainOnNil", #Predicate<Row> { _ in noString?.isEmpty == nil }, allTags),
        ]
    }
}
