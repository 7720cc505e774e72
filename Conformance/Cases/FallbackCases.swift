import StrataCore
import Synchronization

/// A store that refuses a predicate or sort: the context's in-memory fallback still returns what Swift would.
enum FallbackCases {
    static let category = "fallback"

    static let all: [ConformanceCase] = Refusal.allCases.flatMap { refusal in
        fetchCases(refusal) + [pendingCase(refusal)] + relationshipCases(refusal) + deleteCases(refusal)
    } + partialCases

    /// What the intercepting store refuses.
    enum Refusal: String, CaseIterable, Sendable {
        /// Throws `preferInMemoryFilter` for every request with a predicate.
        case filter
        /// Throws `preferInMemorySort` for every request with sort descriptors.
        case sort
        /// Refuses the predicate first, then the sort.
        case both

        /// An interceptor that refuses as `self` says and logs each refused operation in `log`.
        func interceptor(logging log: RefusalLog) -> Interceptor {
            Interceptor { call in
                if call.hasPredicate, self != .sort {
                    log.record(call.operation)
                    throw DataStoreError.preferInMemoryFilter
                }
                if call.hasSort, self != .filter {
                    log.record(call.operation)
                    throw DataStoreError.preferInMemorySort
                }
            }
        }
    }

    /// Where the refusal applies in a case: whether its requests carry a predicate and a sort.
    static func refuses(_ refusal: Refusal, predicate: Bool, sort: Bool) -> Bool {
        switch refusal {
        case .filter: predicate
        case .sort: sort
        case .both: predicate || sort
        }
    }

    /// Checks that `log` saw refusals of every operation in `operations`, so the fallback ran.
    static func checkRefused(_ log: RefusalLog, _ operations: Set<Interceptor.Operation>) throws {
        let refused = log.operations
        try Check.that(operations.isSubset(of: refused), "the store refused \(operations.map(\.rawValue).sorted()) (refused: \(refused.map(\.rawValue).sorted()))")
    }

    /// A `Row` fetch through a refusing store over ``NullSafetyCases/rows()``. With a sort,
    /// `expected` is the exact order and `fetchIdentifiers` must match it; without, both are sets.
    static func rowCase(
        _ refusal: Refusal, _ detail: String, predicate: Predicate<Row>?, sortBy: [SortDescriptor<Row>] = [],
        offset: Int? = nil, limit: Int? = nil, expected: [String]
    ) -> ConformanceCase? {
        guard refuses(refusal, predicate: predicate != nil, sort: !sortBy.isEmpty) else { return nil }
        let box = SortBox(sortBy: sortBy)
        return ConformanceCase("\(category).\(refusal.rawValue).\(detail)", category: category) { environment in
            let log = RefusalLog()
            let container = try environment.makeContainer(intercepting: refusal.interceptor(logging: log))
            try Fixtures.saveRows(NullSafetyCases.rows(), in: container)
            let context = ModelContext(container)
            var descriptor = FetchDescriptor<Row>(predicate: predicate, sortBy: box.sortBy)
            descriptor.fetchOffset = offset
            descriptor.fetchLimit = limit
            let fetched = try context.fetch(descriptor)
            let identifiers = try context.fetchIdentifiers(descriptor)
            if box.sortBy.isEmpty {
                try Check.sameElements(fetched.map(\.tag), expected, "rows after the in-memory fallback")
                try Check.sameElements(identifiers, fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch")
            } else {
                try Check.equal(fetched.map(\.tag), expected, "rows after the in-memory fallback, in order")
                try Check.equal(identifiers, fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch, in order")
            }
            try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
            try checkRefused(log, [.fetch, .fetchCount, .fetchIdentifiers])
        }
    }

    /// Predicates, sorts and windows on `Row` (see ``NullSafetyCases/rows()`` for the table).
    static func fetchCases(_ refusal: Refusal) -> [ConformanceCase] {
        [
            rowCase(refusal, "nullSafeNotEquals", predicate: #Predicate { $0.optInt != 3 }, expected: ["nil", "five", "minus", "flagnil"]),
            rowCase(refusal, "negationOverNullable", predicate: #Predicate { !($0.flag && $0.optInt != 3) }, expected: ["nil", "three", "five"]),
            rowCase(refusal, "unwrapAfterShortCircuit", predicate: #Predicate { $0.flag || $0.optInt! > 1 },
                    sortBy: [SortDescriptor(\.int, order: .reverse)], expected: ["five", "three", "flagnil", "minus"]),
            rowCase(refusal, "unwrapFirstSkipsNil", predicate: #Predicate { $0.optInt! > 1 || $0.flag }, expected: ["three", "five", "minus"]),
            rowCase(refusal, "predicateSortOffsetLimit", predicate: #Predicate { $0.optInt != 3 }, sortBy: [SortDescriptor(\.int)],
                    offset: 1, limit: 2, expected: ["nil", "flagnil"]),
            rowCase(refusal, "sortOffsetLimit", predicate: nil, sortBy: [SortDescriptor(\.string, order: .reverse)],
                    offset: 1, limit: 3, expected: ["three", "flagnil", "minus"]),
            rowCase(refusal, "nilFirstThenLimit", predicate: #Predicate { $0.int < 5 }, sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.int)],
                    limit: 3, expected: ["nil", "flagnil", "minus"]),
            rowCase(refusal, "nilLastDescendingThenOffset", predicate: nil, sortBy: [SortDescriptor(\.optDouble, order: .reverse), SortDescriptor(\.tag)],
                    offset: 2, expected: ["minus", "flagnil", "nil"]),
            rowCase(refusal, "offsetPastEnd", predicate: #Predicate { $0.optString != nil }, sortBy: [SortDescriptor(\.int)],
                    offset: 3, expected: []),
            rowCase(refusal, "limitZero", predicate: #Predicate { $0.optString == nil }, sortBy: [SortDescriptor(\.int)],
                    limit: 0, expected: []),
        ].compactMap { $0 }
    }
}

extension FallbackCases {
    /// Saved rows the store refuses to filter or sort, merged with an unsaved insert: the
    /// window applies to the merged, sorted result.
    static func pendingCase(_ refusal: Refusal) -> ConformanceCase {
        ConformanceCase("\(category).\(refusal.rawValue).pendingInsertMerged", category: category) { environment in
            let log = RefusalLog()
            let container = try environment.makeContainer(intercepting: refusal.interceptor(logging: log))
            try Fixtures.saveRows(NullSafetyCases.rows(), in: container)
            let context = ModelContext(container)
            context.insert(Row(tag: "new", int: 9))
            var descriptor = FetchDescriptor<Row>(predicate: #Predicate { $0.optInt != 3 }, sortBy: [SortDescriptor(\.int, order: .reverse)])
            descriptor.fetchLimit = 3
            let fetched = try context.fetch(descriptor)
            try Check.equal(fetched.map(\.tag), ["new", "five", "flagnil"], "saved and pending rows, filtered, sorted and windowed")
            try Check.equal(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch, in order")
            try Check.equal(try context.fetchCount(descriptor), 3, "fetchCount agrees with fetch")
            try checkRefused(log, [.fetch])
        }
    }
}

/// The operations an interceptor refused, safe to share with the store's threads.
final class RefusalLog: Sendable {
    private let refused = Mutex<Set<Interceptor.Operation>>([])

    func record(_ operation: Interceptor.Operation) {
        refused.withLock { _ = $0.insert(operation) }
    }

    var operations: Set<Interceptor.Operation> { refused.withLock { $0 } }
}
