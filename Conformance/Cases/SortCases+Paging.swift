import StrataCore

/// Three descriptors mixing optional and non-optional keys in both orders, and paging through
/// a sorted fetch with `fetchOffset` and with `enumerate`: every row exactly once, in order.
extension SortCases {
    /// | tag | int | optInt | string |     | tag | int | optInt | string |
    /// |-----|-----|--------|--------|-----|-----|-----|--------|--------|
    /// | t01 | 1   | nil    | "b"    |     | t07 | 0   | 5      | ""     |
    /// | t02 | 1   | 2      | "a"    |     | t08 | 0   | nil    | "Z"    |
    /// | t03 | 1   | 2      | "B"    |     | t09 | 3   | 2      | "b"    |
    /// | t04 | 2   | nil    | "a"    |     | t10 | 3   | 2      | "b"    |
    /// | t05 | 2   | nil    | "a"    |     | t11 | 3   | 0      | "é"    |
    /// | t06 | 2   | -1     | "z"    |     | t12 | -1  | nil    | "a"    |
    @Sendable static func tieRows() -> [Row] {
        let table: [(Int, Int?, String)] = [
            (1, nil, "b"), (1, 2, "a"), (1, 2, "B"), (2, nil, "a"), (2, nil, "a"), (2, -1, "z"),
            (0, 5, ""), (0, nil, "Z"), (3, 2, "b"), (3, 2, "b"), (3, 0, "\u{E9}"), (-1, nil, "a"),
        ]
        return table.enumerated().map { index, value in
            Row(tag: index < 9 ? "t0\(index + 1)" : "t\(index + 1)", int: value.0, optInt: value.1, string: value.2)
        }
    }

    static let sameThree: @Sendable (Row, Row) -> Bool = { $0.int == $1.int && $0.optInt == $1.optInt && $0.string == $1.string }

    /// Each sort with its expected runs, written by hand from the table above.
    static var threeKeySorts: [(name: String, sortBy: SortBox<Row>, expected: [[String]])] {
        [
            ("intOptIntString", SortBox(sortBy: [SortDescriptor(\.int), SortDescriptor(\.optInt), SortDescriptor(\.string)]),
             [["t12"], ["t08"], ["t07"], ["t01"], ["t03"], ["t02"], ["t04", "t05"], ["t06"], ["t11"], ["t09", "t10"]]),
            ("allReversed", SortBox(sortBy: [SortDescriptor(\.int, order: .reverse), SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.string, order: .reverse)]),
             [["t09", "t10"], ["t11"], ["t06"], ["t04", "t05"], ["t02"], ["t03"], ["t01"], ["t07"], ["t08"], ["t12"]]),
            ("optIntStringDescendingInt", SortBox(sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.string, order: .reverse), SortDescriptor(\.int)]),
             [["t01"], ["t12"], ["t04", "t05"], ["t08"], ["t06"], ["t11"], ["t09", "t10"], ["t02"], ["t03"], ["t07"]]),
            ("optIntDescendingIntDescendingString", SortBox(sortBy: [SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.int, order: .reverse), SortDescriptor(\.string)]),
             [["t07"], ["t09", "t10"], ["t03"], ["t02"], ["t11"], ["t06"], ["t04", "t05"], ["t01"], ["t08"], ["t12"]]),
            ("stringOptIntDescendingIntDescending", SortBox(sortBy: [SortDescriptor(\.string), SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.int, order: .reverse)]),
             [["t07"], ["t03"], ["t08"], ["t02"], ["t04", "t05"], ["t12"], ["t09", "t10"], ["t01"], ["t06"], ["t11"]]),
            ("stringDescendingIntOptInt", SortBox(sortBy: [SortDescriptor(\.string, order: .reverse), SortDescriptor(\.int), SortDescriptor(\.optInt)]),
             [["t11"], ["t06"], ["t01"], ["t09", "t10"], ["t12"], ["t02"], ["t04", "t05"], ["t08"], ["t03"], ["t07"]]),
        ]
    }

    /// The whole sort, each page size with `fetchOffset`, and `enumerate` with two batch sizes.
    static var morePaging: [ConformanceCase] {
        threeKeySorts.flatMap { sort -> [ConformanceCase] in
            let whole = sortCase("threeKeys.\(sort.name)", rows: tieRows, sortBy: sort.sortBy.sortBy, same: sameThree, expected: sort.expected)
            let pages = [1, 2, 3, 5, 13].map { size in
                pagingCase("paging.\(sort.name).pageSize\(size)", sort.sortBy, same: sameThree, expected: sort.expected, pageSize: size, enumerate: false)
            }
            let batches = [1, 4].map { size in
                pagingCase("paging.\(sort.name).enumerateBatch\(size)", sort.sortBy, same: sameThree, expected: sort.expected, pageSize: size, enumerate: true)
            }
            return [whole] + pages + batches
        } + singleKeyPaging()
    }

    /// Sorting by `int` alone leaves runs of three tied rows; pages must still not overlap.
    static func singleKeyPaging() -> [ConformanceCase] {
        let ascending = SortBox<Row>(sortBy: [SortDescriptor(\.int)]), descending = SortBox<Row>(sortBy: [SortDescriptor(\.int, order: .reverse)])
        let up = [["t12"], ["t07", "t08"], ["t01", "t02", "t03"], ["t04", "t05", "t06"], ["t09", "t10", "t11"]]
        let same: @Sendable (Row, Row) -> Bool = { $0.int == $1.int }
        return [1, 2, 5].flatMap { size in
            [pagingCase("paging.intOnly.pageSize\(size)", ascending, same: same, expected: up, pageSize: size, enumerate: false),
             pagingCase("paging.intOnlyDescending.enumerateBatch\(size)", descending, same: same, expected: up.reversed(), pageSize: size, enumerate: true)]
        }
    }

    /// Reads the sorted rows page by page (`fetchOffset` + `fetchLimit`, or `enumerate`), checks
    /// that every row comes exactly once and that the concatenation has `expected`'s runs.
    static func pagingCase(
        _ id: String, _ sortBy: SortBox<Row>, same: @escaping @Sendable (Row, Row) -> Bool, expected: [[String]], pageSize: Int, enumerate: Bool
    ) -> ConformanceCase {
        ConformanceCase("\(category).\(id)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(tieRows(), in: container)
            let context = ModelContext(container)
            var seen: [Row] = []
            if enumerate {
                try context.enumerate(FetchDescriptor<Row>(sortBy: sortBy.sortBy), batchSize: pageSize) { seen.append($0) }
            } else {
                var offset = 0
                while true {
                    var page = FetchDescriptor<Row>(sortBy: sortBy.sortBy)
                    page.fetchOffset = offset
                    page.fetchLimit = pageSize
                    let rows = try context.fetch(page)
                    try Check.equal(try context.fetchCount(page), rows.count, "fetchCount of the page at \(offset)")
                    seen += rows
                    if rows.count < pageSize { break }
                    offset += pageSize
                }
            }
            try Check.equal(seen.count, 12, "rows read (tags: \(seen.map(\.tag)))")
            try Check.equal(Set(seen.map(\.tag)).count, 12, "every row exactly once (tags: \(seen.map(\.tag)))")
            try Check.equal(tieGroups(seen, same: same), expected.map(Set.init), "runs of equal keys across pages (tags: \(seen.map(\.tag)))")
        }
    }
}
