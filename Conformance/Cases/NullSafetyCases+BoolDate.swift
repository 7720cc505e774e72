import StrataCore

/// Null safety for `Optional<Bool>` and `Optional<Date>` attributes.
extension NullSafetyCases {
    /// `Optional<Bool>`: `== true`, `!= true` (nil rows match), captured optionals and `??`.
    static func boolCases() -> [ConformanceCase] {
        let t = table("bool")
        let none: Bool? = nil
        let no: Bool? = false
        return [
            t("isNil", #Predicate<Row> { $0.optFlag == nil }, ["nil", "flagnil"]),
            t("isNotNil", #Predicate<Row> { $0.optFlag != nil }, ["three", "five", "minus"]),
            t("equalsTrue", #Predicate<Row> { $0.optFlag == true }, ["three"]),
            t("notEqualsTrueKeepsNil", #Predicate<Row> { $0.optFlag != true }, ["nil", "five", "minus", "flagnil"]),
            t("equalsFalse", #Predicate<Row> { $0.optFlag == false }, ["five", "minus"]),
            t("notEqualsFalseKeepsNil", #Predicate<Row> { $0.optFlag != false }, ["nil", "three", "flagnil"]),
            t("equalsCapturedNil", #Predicate<Row> { $0.optFlag == none }, ["nil", "flagnil"]),
            t("notEqualsCapturedNil", #Predicate<Row> { $0.optFlag != none }, ["three", "five", "minus"]),
            t("equalsCapturedFalse", #Predicate<Row> { $0.optFlag == no }, ["five", "minus"]),
            t("notEqualsCapturedFalseKeepsNil", #Predicate<Row> { $0.optFlag != no }, ["nil", "three", "flagnil"]),
            t("coalesceTrue", #Predicate<Row> { $0.optFlag ?? true }, ["nil", "three", "flagnil"]),
            t("notCoalesceFalse", #Predicate<Row> { !($0.optFlag ?? false) }, ["nil", "five", "minus", "flagnil"]),
        ]
    }

    /// `Optional<Date>`: captured dates (one before 1970), captured optionals, `??` and `!`.
    static func dateCases() -> [ConformanceCase] {
        let t = table("date")
        let three = Date(timeIntervalSince1970: 3)
        let minusTwo: Date? = Date(timeIntervalSince1970: -2)
        let none: Date? = nil
        let epoch = Date(timeIntervalSince1970: 0)
        let past = Date.distantPast
        return [
            t("isNil", #Predicate<Row> { $0.optDate == nil }, ["nil", "flagnil"]),
            t("isNotNil", #Predicate<Row> { $0.optDate != nil }, ["three", "five", "minus"]),
            t("equalsCaptured", #Predicate<Row> { $0.optDate == three }, ["three"]),
            t("notEqualsCapturedKeepsNil", #Predicate<Row> { $0.optDate != three }, ["nil", "five", "minus", "flagnil"]),
            t("equalsCapturedNil", #Predicate<Row> { $0.optDate == none }, ["nil", "flagnil"]),
            t("notEqualsCapturedNil", #Predicate<Row> { $0.optDate != none }, ["three", "five", "minus"]),
            t("equalsCapturedOptionalBefore1970", #Predicate<Row> { $0.optDate == minusTwo }, ["minus"]),
            t("notEqualsCapturedOptionalKeepsNil", #Predicate<Row> { $0.optDate != minusTwo }, ["nil", "three", "five", "flagnil"]),
            t("coalesceBeforeEpoch", #Predicate<Row> { ($0.optDate ?? past) < epoch }, ["nil", "minus", "flagnil"]),
            t("unwrapAfterEpoch", #Predicate<Row> { $0.optDate! > epoch }, ["three", "five"]),
            t("notUnwrapAfterEpochSkipsNil", #Predicate<Row> { !($0.optDate! > epoch) }, ["minus"]),
        ]
    }
}
