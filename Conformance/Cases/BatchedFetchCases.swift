import StrataCore

/// `fetch(_:batchSize:)` and `fetchIdentifiers(_:batchSize:)`: the same results as `fetch`, in
/// the same order, with the context's identity rules, and batches the collection has left
/// released from the context.
enum BatchedFetchCases {
    static let category = "batchedFetch"

    static let all: [ConformanceCase] = sameAsFetchCases() + [identity, releasesLeftBatches, keepsChangedAndHeldModels, pendingChanges, refusedPredicate]

    /// Batch sizes that split ``WindowCases/rows()`` every way: one per batch, uneven, one batch, unbatched.
    static let batchSizes = [1, 3, 7, 100, 0]

    /// The collection gives `fetch`'s models in `fetch`'s order for every batch size, read
    /// forwards, backwards and at random; `fetchIdentifiers(_:batchSize:)` gives their identifiers.
    static func sameAsFetch(
        _ detail: String, predicate: Predicate<Row>? = nil, sortBy: [SortDescriptor<Row>] = [SortDescriptor(\.int)],
        offset: Int? = nil, limit: Int? = nil
    ) -> ConformanceCase {
        let box = SortBox(sortBy: sortBy)
        return ConformanceCase("\(category).sameAsFetch.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(WindowCases.rows(), in: container)
            let request = WindowCases.descriptor(predicate, box.sortBy, offset: offset, limit: limit)
            let expected = try ModelContext(container).fetch(request).map(\.tag)
            for batchSize in batchSizes {
                let context = ModelContext(container)
                let results = try context.fetch(request, batchSize: batchSize)
                let what = "batch size \(batchSize)"
                try Check.equal(results.count, expected.count, "\(what): count")
                try Check.equal(results.indices, 0..<expected.count, "\(what): indices")
                if box.sortBy.isEmpty {
                    try Check.sameElements(results.map(\.tag), expected, "\(what): the models of fetch")
                } else {
                    try Check.equal(results.map(\.tag), expected, "\(what): the models of fetch, in order")
                    try Check.equal(results.reversed().map(\.tag), expected.reversed(), "\(what): read backwards")
                    let jumps = [expected.count - 1, 0, expected.count / 2].filter { $0 >= 0 && $0 < expected.count }
                    try Check.equal(jumps.map { results[$0].tag }, jumps.map { expected[$0] }, "\(what): read at random")
                }
                let identifiers = try context.fetchIdentifiers(request, batchSize: batchSize)
                try Check.equal(Array(identifiers), results.map(\.persistentModelID), "\(what): fetchIdentifiers(_:batchSize:) agrees")
            }
        }
    }

    static func sameAsFetchCases() -> [ConformanceCase] {
        [
            sameAsFetch("sorted"),
            sameAsFetch("sortedDescending", sortBy: [SortDescriptor(\.int, order: .reverse)]),
            sameAsFetch("nilFirst", sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.int)]),
            sameAsFetch("predicate", predicate: #Predicate { $0.int % 2 == 1 }),
            sameAsFetch("offsetAndLimit", offset: 2, limit: 4),
            sameAsFetch("predicateOffsetLimit", predicate: #Predicate { $0.optInt != nil }, sortBy: [SortDescriptor(\.tag, order: .reverse)],
                        offset: 1, limit: 3),
            sameAsFetch("empty", predicate: #Predicate { $0.int > 100 }),
            sameAsFetch("unsorted", sortBy: []),
        ]
    }

    /// Within a batch, and for any model the app holds, a row is one object: the context's.
    static let identity = ConformanceCase("\(category).identity", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(WindowCases.rows(), in: container)
        let context = ModelContext(container)
        let held = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.int == 2 }))
        let results = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]), batchSize: 3)
        try Check.that(results[0] === results[0], "the same index twice gives the same object")
        try Check.that(results[1] === held[0], "a model the context already has is the object returned")
        let first = results[0]
        for _ in results {}
        try Check.that(results[0] === first, "a held model is still the one returned after the collection moved on")
        let again = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.int == 1 }))
        try Check.that(again[0] === first, "fetch returns the held model too")
    }

    /// Models of batches the collection left, held by nobody, leave the context; the kept batches stay.
    static let releasesLeftBatches = ConformanceCase("\(category).releasesLeftBatches", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(WindowCases.rows(), in: container)
        let context = ModelContext(container)
        let identifiers = try context.fetchIdentifiers(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]))
        do {
            let results = try context.fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]), batchSize: 2)
            var tags: [String] = []
            for row in results { tags.append(row.tag) }
            try Check.equal(tags, WindowCases.allTags, "every row, in order")
            let registered = identifiers.map { (context.registeredModel(for: $0) as Row?) != nil }
            try Check.equal(registered, [false, false, false, false, true, true, true], "only the last two batches (r5 r6, r7) are still registered")
        }
        let registered = identifiers.filter { (context.registeredModel(for: $0) as Row?) != nil }
        try Check.equal(registered, [], "no model stays registered once the collection is gone")
    }

    /// A changed model, and one the app holds, stay registered when their batch is left.
    static let keepsChangedAndHeldModels = ConformanceCase("\(category).keepsChangedAndHeldModels", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(WindowCases.rows(), in: container)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)])
        descriptor.includePendingChanges = false
        let results = try context.fetch(descriptor, batchSize: 1)
        results[0].tag = "changed"
        let held = results[1]
        for _ in results {}
        let registered: Row? = context.registeredModel(for: results[0].persistentModelID)
        try Check.that(registered === results[0], "the changed model is still the registered one")
        try Check.equal(context.changedModelsArray.count, 1, "its change is pending")
        try Check.that(results[1] === held, "the held model is still the one returned")
        try context.save()
        let fresh = try ModelContext(container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]))
        try Check.equal(fresh.first?.tag, "changed", "the change was saved")
    }

    /// Unsaved changes of the entity cannot take part in a batched fetch (SwiftData's rule);
    /// without them, or with `includePendingChanges` off, it runs over the saved rows.
    static let pendingChanges = ConformanceCase("\(category).pendingChanges", category: category) { environment in
        let container = try environment.makeContainer()
        try Fixtures.saveRows(WindowCases.rows(), in: container)
        let context = ModelContext(container)
        context.insert(Row(tag: "new", int: 0))
        let sorted = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)])
        try Check.throwsError("fetch(_:batchSize:) with unsaved changes", matching: { SwiftDataError.includePendingChangesWithBatchSize ~= $0 }) {
            _ = try context.fetch(sorted, batchSize: 2)
        }
        try Check.throwsError("fetchIdentifiers(_:batchSize:) with unsaved changes", matching: { SwiftDataError.includePendingChangesWithBatchSize ~= $0 }) {
            _ = try context.fetchIdentifiers(sorted, batchSize: 2)
        }
        var saved = sorted
        saved.includePendingChanges = false
        try Check.equal(try context.fetch(saved, batchSize: 2).map(\.tag), WindowCases.allTags, "only saved rows without pending changes")
        try Check.equal(try context.fetch(FetchDescriptor<Owner>(), batchSize: 2).count, 0, "changes of another entity do not matter")
    }

    /// A predicate the store refuses is evaluated in memory, for the identifiers and each batch.
    static let refusedPredicate = ConformanceCase("\(category).refusedPredicate", category: category) { environment in
        let log = RefusalLog()
        let container = try environment.makeContainer(intercepting: FallbackCases.Refusal.both.interceptor(logging: log))
        try Fixtures.saveRows(WindowCases.rows(), in: container)
        let request = FetchDescriptor<Row>(predicate: #Predicate { $0.int != 4 }, sortBy: [SortDescriptor(\.int, order: .reverse)])
        let results = try ModelContext(container).fetch(request, batchSize: 2)
        try Check.equal(results.map(\.tag), ["r7", "r6", "r5", "r3", "r2", "r1"], "rows after the in-memory fallback, in order")
        try FallbackCases.checkRefused(log, [.fetchIdentifiers, .fetch])
    }
}
