import StrataCore

/// Windows over a context with unsaved inserts and deletes: the window applies after merging them.
extension WindowCases {
    /// Saves ``rows()``, then changes the context with `change` before fetching the window.
    static func pending(
        _ detail: String, change: @escaping @Sendable (ModelContext) throws -> Void, offset: Int? = nil, limit: Int? = nil, expected: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).pending.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(rows(), in: container)
            let context = ModelContext(container)
            try change(context)
            let request = descriptor(nil, [SortDescriptor(\.int)], offset: offset, limit: limit)
            let fetched = try context.fetch(request)
            try Check.equal(fetched.map(\.tag), expected, "the window over saved and pending rows, in order")
            try Check.equal(try context.fetchIdentifiers(request), fetched.map(\.persistentModelID), "fetchIdentifiers gives the same window in order")
            try Check.equal(try context.fetchCount(request), expected.count, "fetchCount counts the window")
        }
    }

    static func pendingCases() -> [ConformanceCase] {
        let insertZero: @Sendable (ModelContext) throws -> Void = { $0.insert(Row(tag: "r0", int: 0)) }
        let deleteOne: @Sendable (ModelContext) throws -> Void = { context in
            for row in try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.int == 1 })) { context.delete(row) }
        }
        return [
            pending("insertedRowInFirstPage", change: insertZero, limit: 2, expected: ["r0", "r1"]),
            pending("insertedRowShiftsOffset", change: insertZero, offset: 6, expected: ["r6", "r7"]),
            pending("deletedRowLeavesWindow", change: deleteOne, limit: 2, expected: ["r2", "r3"]),
            pending("deletedRowShiftsOffset", change: deleteOne, offset: 5, limit: 5, expected: ["r7"]),
        ]
    }
}
