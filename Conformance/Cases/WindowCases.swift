import StrataCore

/// `fetchLimit` and `fetchOffset`, with and without a sort, and `fetchCount`/`fetchIdentifiers` agreeing with `fetch`.
enum WindowCases {
    static let category = "window"

    static let all: [ConformanceCase] = sortedCases() + unsortedCases() + pendingCases()

    /// Seven rows r1…r7 with `int` 1…7, inserted out of order; `optInt` equals `int` except
    /// nil for r2 and r5.
    @Sendable static func rows() -> [Row] {
        [4, 1, 7, 3, 6, 2, 5].map { Row(tag: "r\($0)", int: $0, optInt: [2, 5].contains($0) ? nil : $0) }
    }

    static let allTags = ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]

    static func descriptor(_ predicate: Predicate<Row>?, _ sortBy: [SortDescriptor<Row>], offset: Int?, limit: Int?) -> FetchDescriptor<Row> {
        var descriptor = FetchDescriptor<Row>(predicate: predicate, sortBy: sortBy)
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        return descriptor
    }

    /// A sorted window: the fetch returns exactly `expected` in order, `fetchIdentifiers` the
    /// same identifiers in the same order, `fetchCount` their number.
    static func sorted(
        _ detail: String, predicate: Predicate<Row>? = nil, sortBy: [SortDescriptor<Row>] = [SortDescriptor(\.int)],
        offset: Int? = nil, limit: Int? = nil, expected: [String]
    ) -> ConformanceCase {
        let box = SortBox(sortBy: sortBy)
        return ConformanceCase("\(category).sorted.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let request = descriptor(predicate, box.sortBy, offset: offset, limit: limit)
            let fetched = try context.fetch(request)
            try Check.equal(fetched.map(\.tag), expected, "the window, in order")
            try Check.equal(try context.fetchIdentifiers(request), fetched.map(\.persistentModelID), "fetchIdentifiers gives the same window in order")
            try Check.equal(try context.fetchCount(request), expected.count, "fetchCount counts the window")
        }
    }

    static func sortedCases() -> [ConformanceCase] {
        [
            sorted("limit", limit: 3, expected: ["r1", "r2", "r3"]),
            sorted("limitDescending", sortBy: [SortDescriptor(\.int, order: .reverse)], limit: 3, expected: ["r7", "r6", "r5"]),
            sorted("offset", offset: 5, expected: ["r6", "r7"]),
            sorted("offsetZero", offset: 0, limit: 2, expected: ["r1", "r2"]),
            sorted("offsetAndLimit", offset: 2, limit: 3, expected: ["r3", "r4", "r5"]),
            sorted("lastPartialPage", offset: 6, limit: 5, expected: ["r7"]),
            sorted("offsetAtEnd", offset: 7, expected: []),
            sorted("offsetPastEnd", offset: 10, expected: []),
            sorted("offsetPastEndWithLimit", offset: 9, limit: 2, expected: []),
            sorted("limitZero", limit: 0, expected: []),
            sorted("limitZeroWithOffset", offset: 2, limit: 0, expected: []),
            sorted("limitBeyondCount", limit: 100, expected: allTags),
            sorted("predicateThenWindow", predicate: #Predicate { $0.int % 2 == 1 }, sortBy: [SortDescriptor(\.int, order: .reverse)],
                   offset: 1, limit: 2, expected: ["r5", "r3"]),
            sorted("predicateWindowPastEnd", predicate: #Predicate { $0.int > 5 }, offset: 2, expected: []),
            sorted("nilFirstInWindow", sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.int)], limit: 3, expected: ["r2", "r5", "r1"]),
            sorted("nilLastInWindow", sortBy: [SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.int)], offset: 4, expected: ["r1", "r2", "r5"]),
        ]
    }

    /// Without a sort the order is unspecified: the window has the right size, no duplicates,
    /// and only matching rows; `fetchCount` and `fetchIdentifiers` have the same size.
    static func unsorted(_ detail: String, predicate: Predicate<Row>? = nil, offset: Int? = nil, limit: Int? = nil, count: Int, from pool: [String]) -> ConformanceCase {
        ConformanceCase("\(category).unsorted.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let request = descriptor(predicate, [], offset: offset, limit: limit)
            let tags = try context.fetch(request).map(\.tag)
            try Check.equal(tags.count, count, "rows in the window (got \(tags))")
            try Check.equal(Set(tags).count, tags.count, "no row twice")
            try Check.that(Set(tags).isSubset(of: pool), "only rows from \(pool) (got \(tags))")
            try Check.equal(try context.fetchCount(request), count, "fetchCount counts the window")
            let identifiers = try context.fetchIdentifiers(request)
            try Check.equal(identifiers.count, count, "fetchIdentifiers has the window's size")
            try Check.equal(Set(identifiers).count, count, "fetchIdentifiers has no duplicates")
        }
    }

    static func unsortedCases() -> [ConformanceCase] {
        let matching = ["r3", "r4", "r5", "r6", "r7"]
        return [
            unsorted("limit", limit: 3, count: 3, from: allTags),
            unsorted("offset", offset: 5, count: 2, from: allTags),
            unsorted("offsetAndLimit", offset: 2, limit: 3, count: 3, from: allTags),
            unsorted("offsetPastEnd", offset: 10, count: 0, from: []),
            unsorted("limitZero", limit: 0, count: 0, from: []),
            unsorted("limitBeyondCount", limit: 100, count: 7, from: allTags),
            unsorted("predicateLimitBeyondMatches", predicate: #Predicate { $0.int > 2 }, limit: 10, count: 5, from: matching),
            unsorted("predicateLimit", predicate: #Predicate { $0.int > 2 }, limit: 2, count: 2, from: matching),
            unsorted("predicateOffset", predicate: #Predicate { $0.int > 2 }, offset: 3, count: 2, from: matching),
            unsorted("predicateNullSafeLimit", predicate: #Predicate { $0.optInt != 4 }, limit: 6, count: 6, from: ["r1", "r2", "r3", "r5", "r6", "r7"]),
        ]
    }
}
