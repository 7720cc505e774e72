import Foundation
import StrataCore

/// Capability honesty: `fetchLimit = 0` returns nothing everywhere, and `fetchCount`,
/// `fetchIdentifiers` and `enumerate` agree with `fetch` when the store falls back to Swift.
extension WindowCases {
    static var moreCapability: [ConformanceCase] {
        [
            window("limitZeroWithPredicate", predicate: #Predicate { $0.int > 0 }, limit: 0, expected: []),
            window("limitZeroWithFallbackPredicate", predicate: #Predicate { $0.tag.count == 2 }, limit: 0, expected: []),
            window("limitZeroUnsortedFallback", predicate: #Predicate { $0.tag.count == 2 }, sorted: false, limit: 0, expected: []),
            window("fallbackPredicateWindow", predicate: #Predicate { $0.tag.count == 2 }, offset: 2, limit: 3, expected: ["r3", "r4", "r5"]),
            window("fallbackPredicateOffsetOnly", predicate: #Predicate { $0.tag.count == 2 && $0.int != 4 }, offset: 4, expected: ["r6", "r7"]),
            window("fallbackPredicatePastEnd", predicate: #Predicate { $0.tag.count == 2 }, offset: 7, limit: 1, expected: []),
            window("nullSafeWindow", predicate: #Predicate { $0.optInt != 3 }, offset: 1, limit: 3, expected: ["r2", "r4", "r5"]),
            window("limitOne", limit: 1, expected: ["r1"]),
            window("limitOneDescending", descending: true, limit: 1, expected: ["r7"]),
            window("offsetOnlyDescending", descending: true, offset: 5, expected: ["r2", "r1"]),
            window("offsetZeroNoLimit", offset: 0, expected: allTags),
            pendingLimitZero, enumerateLimitZero, enumerateWindow, decimalSortWindow,
        ]
    }

    /// `fetch`, `fetchCount`, `fetchIdentifiers` and `enumerate` over the same descriptor agree with `expected`.
    static func window(
        _ detail: String, predicate: Predicate<Row>? = nil, sorted: Bool = true, descending: Bool = false,
        offset: Int? = nil, limit: Int? = nil, expected: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).capability.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            let sortBy = sorted ? [SortDescriptor(\Row.int, order: descending ? .reverse : .forward)] : []
            let request = descriptor(predicate, sortBy, offset: offset, limit: limit)
            let fetched = try context.fetch(request)
            if sorted {
                try Check.equal(fetched.map(\.tag), expected, "the window, in order")
            } else {
                try Check.sameElements(fetched.map(\.tag), expected, "the window")
            }
            try Check.equal(try context.fetchCount(request), expected.count, "fetchCount agrees")
            try Check.equal(try context.fetchIdentifiers(request).count, expected.count, "fetchIdentifiers agrees")
            var enumerated: [String] = []
            try context.enumerate(request, batchSize: 2) { enumerated.append($0.tag) }
            try Check.sameElements(enumerated, expected, "enumerate agrees")
        }
    }

    /// Pending inserts are fetched, but `fetchLimit = 0` still returns nothing.
    static let pendingLimitZero = ConformanceCase("\(category).capability.pendingLimitZero", category: category) { environment in
        let context = try environment.makeContext()
        context.insert(Row(tag: "p1", int: 1))
        context.insert(Row(tag: "p2", int: 2))
        var request = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)])
        try Check.equal(try context.fetch(request).map(\.tag), ["p1", "p2"], "pending rows are fetched")
        try Check.equal(try context.fetchCount(request), 2, "pending rows are counted")
        request.fetchLimit = 0
        try Check.equal(try context.fetch(request).map(\.tag), [], "limit 0 returns nothing")
        try Check.equal(try context.fetchCount(request), 0, "limit 0 counts nothing")
    }

    static let enumerateLimitZero = ConformanceCase("\(category).capability.enumerateLimitZero", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(rows(), in: container)
        var request = FetchDescriptor<Row>()
        request.fetchLimit = 0
        var calls = 0
        try ModelContext(container).enumerate(request) { _ in calls += 1 }
        try Check.equal(calls, 0, "enumerate with limit 0 visits nothing")
    }

    static let enumerateWindow = ConformanceCase("\(category).capability.enumerateWindow", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(rows(), in: container)
        let request = descriptor(nil, [SortDescriptor(\.int)], offset: 2, limit: 3)
        var tags: [String] = []
        try ModelContext(container).enumerate(request, batchSize: 1) { tags.append($0.tag) }
        try Check.equal(tags, ["r3", "r4", "r5"], "enumerate respects offset and limit in order")
    }

    /// A sort the SQL store cannot translate (`Decimal`) still honours the window.
    static let decimalSortWindow = ConformanceCase("\(category).capability.fallbackSortWindow", category: category) { environment in
        let container = try environment.makeContainer()
        let seeding = ModelContext(container)
        for model in ComparisonCases.allTypesRows() { seeding.insert(model) }
        try seeding.save()
        let context = ModelContext(container)
        var request = FetchDescriptor<AllTypes>(sortBy: [SortDescriptor(\.decimal, order: .reverse)])
        request.fetchLimit = 2
        try Check.equal(try context.fetch(request).map(\.tag), ["hi", "mid"], "the two largest decimals")
        try Check.equal(try context.fetchCount(request), 2, "fetchCount counts the window")
        request.fetchOffset = 2
        try Check.equal(try context.fetch(request).map(\.tag), ["lo"], "the rest")
        try Check.equal(try context.fetchCount(request), 1, "fetchCount counts the rest")
        request.fetchLimit = 0
        try Check.equal(try context.fetchCount(request), 0, "limit 0 counts nothing")
    }
}
