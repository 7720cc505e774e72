import StrataCore

/// `SortDescriptor` order: nil first ascending and last descending, several descriptors, ties compared as sets.
enum SortCases {
    static let category = "sort"

    static let all: [ConformanceCase] = singleCases() + multipleCases() + stringCases()

    /// | tag | int | optInt | double | optDouble | string | optString | date (s) | optDate (s) |
    /// |-----|-----|--------|--------|-----------|--------|-----------|----------|-------------|
    /// | a   | 2   | nil    | -1.5   | nil       | "b"    | nil       | 100      | nil         |
    /// | b   | 1   | 3      | 0.0    | 0.0       | "B"    | "b"       | -100     | -100        |
    /// | c   | 2   | -1     | +inf   | -inf      | "a"    | "B"       | 0        | 0           |
    /// | d   | 3   | 3      | -inf   | 2.5       | "é"    | "a"       | 50       | 50          |
    /// | e   | 1   | nil    | 42     | nil       | "Z"    | nil       | 100      | nil         |
    /// | f   | -5  | -7     | -0.0   | -3        | ""     | ""        | -1e9     | -1e9        |
    @Sendable static func rows() -> [Row] {
        func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
        return [
            Row(tag: "a", int: 2, optInt: nil, double: -1.5, optDouble: nil, string: "b", optString: nil, date: date(100), optDate: nil),
            Row(tag: "b", int: 1, optInt: 3, double: 0.0, optDouble: 0.0, string: "B", optString: "b", date: date(-100), optDate: date(-100)),
            Row(tag: "c", int: 2, optInt: -1, double: .infinity, optDouble: -.infinity, string: "a", optString: "B", date: date(0), optDate: date(0)),
            Row(tag: "d", int: 3, optInt: 3, double: -.infinity, optDouble: 2.5, string: "\u{E9}", optString: "a", date: date(50), optDate: date(50)),
            Row(tag: "e", int: 1, optInt: nil, double: 42, optDouble: nil, string: "Z", optString: nil, date: date(100), optDate: nil),
            Row(tag: "f", int: -5, optInt: -7, double: -0.0, optDouble: -3, string: "", optString: "", date: date(-1e9), optDate: date(-1e9)),
        ]
    }

    /// Splits `rows` into runs of consecutive rows that `same` calls equal, as sets of tags.
    static func tieGroups(_ rows: [Row], same: (Row, Row) -> Bool) -> [Set<String>] {
        var groups: [[Row]] = []
        for row in rows {
            if let last = groups.last?.last, same(last, row) {
                groups[groups.count - 1].append(row)
            } else {
                groups.append([row])
            }
        }
        return groups.map { Set($0.map(\.tag)) }
    }

    /// A case that saves `rows`, fetches with `sortBy` (and `predicate`), and checks that the
    /// result, read as runs of rows `same` calls equal, is `expected` run by run (each run a
    /// set: ties beyond the last descriptor have no promised order). `fetchIdentifiers` must
    /// give the same runs and `fetchCount` the same count.
    static func sortCase(
        _ id: String, rows: @escaping @Sendable () -> [Row] = rows, predicate: Predicate<Row>? = nil,
        sortBy: [SortDescriptor<Row>], same: @escaping @Sendable (Row, Row) -> Bool, expected: [[String]]
    ) -> ConformanceCase {
        let box = SortBox(sortBy: sortBy)
        return ConformanceCase("\(category).\(id)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let descriptor = FetchDescriptor<Row>(predicate: predicate, sortBy: box.sortBy)
            let fetched = try context.fetch(descriptor)
            let wanted = expected.map(Set.init)
            try Check.equal(tieGroups(fetched, same: same), wanted, "runs of equal keys, in order (tags: \(fetched.map(\.tag)))")
            let byID = Dictionary(uniqueKeysWithValues: fetched.map { ($0.persistentModelID, $0) })
            let identified = try context.fetchIdentifiers(descriptor).map { id in
                guard let row = byID[id] else { throw ConformanceFailure(message: "fetchIdentifiers returned \(id), which fetch did not") }
                return row
            }
            try Check.equal(tieGroups(identified, same: same), wanted, "fetchIdentifiers gives the same runs")
            try Check.equal(try context.fetchCount(descriptor), expected.joined().count, "fetchCount agrees with fetch")
        }
    }

    /// Each attribute of `Row` (Bool is not `Comparable`), ascending and descending.
    static func singleCases() -> [ConformanceCase] {
        [
            sortCase("int.ascending", sortBy: [SortDescriptor(\.int)], same: { $0.int == $1.int },
                     expected: [["f"], ["b", "e"], ["a", "c"], ["d"]]),
            sortCase("int.descending", sortBy: [SortDescriptor(\.int, order: .reverse)], same: { $0.int == $1.int },
                     expected: [["d"], ["a", "c"], ["b", "e"], ["f"]]),
            sortCase("optInt.ascendingNilFirst", sortBy: [SortDescriptor(\.optInt)], same: { $0.optInt == $1.optInt },
                     expected: [["a", "e"], ["f"], ["c"], ["b", "d"]]),
            sortCase("optInt.descendingNilLast", sortBy: [SortDescriptor(\.optInt, order: .reverse)], same: { $0.optInt == $1.optInt },
                     expected: [["b", "d"], ["c"], ["f"], ["a", "e"]]),
            sortCase("double.ascendingInfinitiesAndZeros", sortBy: [SortDescriptor(\.double)], same: { $0.double == $1.double },
                     expected: [["d"], ["a"], ["b", "f"], ["e"], ["c"]]),
            sortCase("double.descending", sortBy: [SortDescriptor(\.double, order: .reverse)], same: { $0.double == $1.double },
                     expected: [["c"], ["e"], ["b", "f"], ["a"], ["d"]]),
            sortCase("optDouble.ascendingNilFirst", sortBy: [SortDescriptor(\.optDouble)], same: { $0.optDouble == $1.optDouble },
                     expected: [["a", "e"], ["c"], ["f"], ["b"], ["d"]]),
            sortCase("optDouble.descendingNilLast", sortBy: [SortDescriptor(\.optDouble, order: .reverse)], same: { $0.optDouble == $1.optDouble },
                     expected: [["d"], ["b"], ["f"], ["c"], ["a", "e"]]),
            sortCase("string.ascendingBinary", sortBy: [SortDescriptor(\.string)], same: { $0.string == $1.string },
                     expected: [["f"], ["b"], ["e"], ["c"], ["a"], ["d"]]),
            sortCase("string.descendingBinary", sortBy: [SortDescriptor(\.string, order: .reverse)], same: { $0.string == $1.string },
                     expected: [["d"], ["a"], ["c"], ["e"], ["b"], ["f"]]),
            sortCase("optString.ascendingNilFirst", sortBy: [SortDescriptor(\.optString)], same: { $0.optString == $1.optString },
                     expected: [["a", "e"], ["f"], ["c"], ["d"], ["b"]]),
            sortCase("optString.descendingNilLast", sortBy: [SortDescriptor(\.optString, order: .reverse)], same: { $0.optString == $1.optString },
                     expected: [["b"], ["d"], ["c"], ["f"], ["a", "e"]]),
            sortCase("date.ascendingBefore1970First", sortBy: [SortDescriptor(\.date)], same: { $0.date == $1.date },
                     expected: [["f"], ["b"], ["c"], ["d"], ["a", "e"]]),
            sortCase("date.descending", sortBy: [SortDescriptor(\.date, order: .reverse)], same: { $0.date == $1.date },
                     expected: [["a", "e"], ["d"], ["c"], ["b"], ["f"]]),
            sortCase("optDate.ascendingNilFirst", sortBy: [SortDescriptor(\.optDate)], same: { $0.optDate == $1.optDate },
                     expected: [["a", "e"], ["f"], ["b"], ["c"], ["d"]]),
            sortCase("optDate.descendingNilLast", sortBy: [SortDescriptor(\.optDate, order: .reverse)], same: { $0.optDate == $1.optDate },
                     expected: [["d"], ["c"], ["b"], ["f"], ["a", "e"]]),
        ]
    }
}

/// Carries sort descriptors into a `@Sendable` case body.
struct SortBox<T>: @unchecked Sendable {
    let sortBy: [SortDescriptor<T>]
}
