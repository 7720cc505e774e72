import StrataCore

/// The values of one generated row, kept apart from any `Row` object so the same row can be
/// inserted into a store and, separately, evaluated detached by Foundation.
struct FuzzRow: Sendable, Hashable, CustomStringConvertible {
    var tag: String
    var int: Int
    var optInt: Int?
    var double: Double
    var optDouble: Double?
    var string: String
    var optString: String?
    var flag: Bool
    var optFlag: Bool?
    var date: Date
    var optDate: Date?

    /// A new `Row` with these values (never inserted unless the caller inserts it).
    func makeRow() -> Row {
        Row(tag: tag, int: int, optInt: optInt, double: double, optDouble: optDouble, string: string, optString: optString,
            flag: flag, optFlag: optFlag, date: date, optDate: optDate)
    }

    /// The value of the attribute of `kind`, optional or not; nil when the optional one is nil.
    func value(_ kind: FuzzKind, optional: Bool) -> FuzzValue? {
        switch (kind, optional) {
        case (.int, false): .int(int)
        case (.int, true): optInt.map(FuzzValue.int)
        case (.double, false): .double(double)
        case (.double, true): optDouble.map(FuzzValue.double)
        case (.string, false): .string(string)
        case (.string, true): optString.map(FuzzValue.string)
        case (.bool, false): .bool(flag)
        case (.bool, true): optFlag.map(FuzzValue.bool)
        case (.date, false): .date(date)
        case (.date, true): optDate.map(FuzzValue.date)
        }
    }

    var description: String {
        let fields: [String] = FuzzKind.allCases.flatMap { kind in
            [false, true].map { optional in "\(kind.attributeName(optional: optional)): \(value(kind, optional: optional).map { "\($0)" } ?? "nil")" }
        }
        return "Row(tag: \"\(tag)\", \(fields.joined(separator: ", ")))"
    }
}
