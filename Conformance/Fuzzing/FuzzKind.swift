/// The attribute types of `Row` the fuzzer covers; each has one non-optional and one optional
/// attribute (`int`/`optInt`, `double`/`optDouble`, `string`/`optString`, `flag`/`optFlag`,
/// `date`/`optDate`).
enum FuzzKind: Sendable, Hashable, CaseIterable {
    case int, double, string, bool, date

    /// Whether Swift's `<` exists for the type (`Bool` is not `Comparable`).
    var isOrdered: Bool { self != .bool }

    /// The attribute's name in `Row`.
    func attributeName(optional: Bool) -> String {
        switch (self, optional) {
        case (.int, false): "int"
        case (.int, true): "optInt"
        case (.double, false): "double"
        case (.double, true): "optDouble"
        case (.string, false): "string"
        case (.string, true): "optString"
        case (.bool, false): "flag"
        case (.bool, true): "optFlag"
        case (.date, false): "date"
        case (.date, true): "optDate"
        }
    }
}
