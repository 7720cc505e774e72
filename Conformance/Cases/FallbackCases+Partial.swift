import StrataCore

/// Predicates of which a store can translate only some conjuncts (`$0.string.count` counts
/// Characters, which SQL cannot): whatever the store runs where, every result equals Swift's —
/// in every conjunct order, with nil values, forced unwraps, sorts the store cannot run,
/// offsets and limits. No interceptor: each backend answers as it does for an app.
extension FallbackCases {
    static let partialCases: [ConformanceCase] = partialRowCases() + partialPagingCases() + partialGraphCases() + [partialDeleteCase()]

    /// A fetch of `descriptor` after saving `rows`: the result's tags are `expected` (in order when
    /// it sorts, else as a set), they equal Swift's evaluation of the descriptor over every saved
    /// row, and `fetchIdentifiers` and `fetchCount` agree.
    static func partialCase<T: PersistentModel>(
        _ detail: String, _ descriptor: FetchDescriptor<T>, seed: @escaping @Sendable (ModelContext) -> Void,
        name: @escaping @Sendable (T) -> String, expected: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).partial.\(detail)", category: category) { environment in
            let container = try environment.makeContainer()
            let seeding = ModelContext(container)
            seed(seeding)
            try seeding.save()
            let context = ModelContext(container)
            let fetched = try context.fetch(descriptor)
            let reference = ModelContext(container)
            let swift = FetchEvaluator.apply(descriptor, to: try reference.fetch(FetchDescriptor<T>()))
            if descriptor.sortBy.isEmpty {
                try Check.sameElements(fetched.map(name), expected, "models matching the predicate")
                try Check.sameElements(fetched.map(name), swift.map(name), "the same models as Swift's evaluation")
                try Check.sameElements(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch")
            } else {
                try Check.equal(fetched.map(name), expected, "models matching the predicate, in order")
                try Check.equal(fetched.map(name), swift.map(name), "the same models as Swift's evaluation, in order")
                try Check.equal(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch, in order")
            }
            try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
        }
    }

    static func rowCase(
        _ detail: String, _ predicate: Predicate<Row>, sortBy: [SortDescriptor<Row>] = [], offset: Int? = nil, limit: Int? = nil, _ expected: [String]
    ) -> ConformanceCase {
        var descriptor = FetchDescriptor(predicate: predicate, sortBy: sortBy)
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        return partialCase(detail, descriptor, seed: { context in
            for row in NullSafetyCases.rows() { context.insert(row) }
        }, name: { $0.tag }, expected: expected)
    }

    /// Over ``NullSafetyCases/rows()``: `string.count == 1` holds for every row but "nil".
    static func partialRowCases() -> [ConformanceCase] {
        [
            rowCase("translatableFirst", #Predicate { $0.optInt != 3 && $0.string.count == 1 }, ["five", "minus", "flagnil"]),
            rowCase("untranslatableFirst", #Predicate { $0.string.count == 1 && $0.optInt != 3 }, ["five", "minus", "flagnil"]),
            rowCase("unwrapTranslatedAfter", #Predicate { $0.string.count == 1 && $0.optInt! > 1 }, ["three", "five"]),
            rowCase("unwrapTranslatedBefore", #Predicate { $0.optInt! > 1 && $0.string.count == 1 }, ["three", "five"]),
            rowCase("unwrapInMemoryAfter", #Predicate { $0.optInt != nil && $0.optString!.count == 1 }, ["three", "five", "minus"]),
            rowCase("unwrapInMemoryBefore", #Predicate { $0.optString!.count == 1 && $0.int >= 0 }, ["three", "five"]),
            rowCase("threeConjunctsMiddleInMemory", #Predicate { $0.flag && $0.string.count == 1 && $0.optDouble != nil }, ["three", "minus"]),
            rowCase("nestedConjunctionWithDisjunction",
                    #Predicate { ($0.int > 0 && ($0.string.count == 1 || $0.optInt == nil)) && $0.optDouble != 5.5 }, ["three", "flagnil"]),
            rowCase("negatedInMemory", #Predicate { !($0.string.count == 1) && $0.optInt == nil }, ["nil"]),
            rowCase("nothingTranslates", #Predicate { $0.string.count == 1 && $0.int % 2 == 1 }, ["three", "five", "flagnil"]),
            rowCase("sortOffsetLimit", #Predicate { $0.optString!.count == 1 }, sortBy: [SortDescriptor(\.int, order: .reverse)],
                    offset: 1, limit: 2, ["three", "minus"]),
            rowCase("sortNilFirstOffset", #Predicate { $0.string.count == 1 && $0.optInt != 5 }, sortBy: [SortDescriptor(\.optDouble)],
                    offset: 1, ["minus", "three"]),
            rowCase("sortLimitZero", #Predicate { $0.int >= 0 && $0.string.count == 1 }, sortBy: [SortDescriptor(\.int)], limit: 0, []),
            rowCase("sortOffsetPastEnd", #Predicate { $0.int >= 0 && $0.string.count == 1 }, sortBy: [SortDescriptor(\.int)], offset: 9, limit: 2, []),
        ]
    }

    /// Enough rows that a limit after a Swift filter takes more than one page of a store that
    /// reads in pages: every fifth row has a two-character string.
    static func partialPagingCases() -> [ConformanceCase] {
        let seed: @Sendable (ModelContext) -> Void = { context in
            for index in 0..<100 { context.insert(Row(tag: "r\(index)", int: index, string: index % 5 == 0 ? "ab" : "a")) }
        }
        var sorted = FetchDescriptor<Row>(predicate: #Predicate { $0.int >= 10 && $0.string.count == 2 }, sortBy: [SortDescriptor(\.int, order: .reverse)])
        sorted.fetchOffset = 3
        sorted.fetchLimit = 4
        var deep = FetchDescriptor<Row>(predicate: #Predicate { $0.string.count == 2 }, sortBy: [SortDescriptor(\.int)])
        deep.fetchOffset = 17
        deep.fetchLimit = 5
        return [
            partialCase("pagedSortOffsetLimit", sorted, seed: seed, name: { $0.tag }, expected: ["r80", "r75", "r70", "r65"]),
            partialCase("pagedPastTheEnd", deep, seed: seed, name: { $0.tag }, expected: ["r85", "r90", "r95"]),
        ]
    }

    /// Over ``CollectionCases/petGraph(_:)``: a conjunct left to memory that reads a related
    /// row, and a sort through a relationship, which no SQL store runs in SQL.
    static func partialGraphCases() -> [ConformanceCase] {
        let seed: @Sendable (ModelContext) -> Void = { _ = CollectionCases.petGraph($0) }
        var memorySort = FetchDescriptor<Pet>(predicate: #Predicate { $0.name.count >= 3 }, sortBy: [SortDescriptor(\.owner?.name), SortDescriptor(\.name)])
        memorySort.fetchOffset = 1
        memorySort.fetchLimit = 2
        var translatedFilterMemorySort = FetchDescriptor<Pet>(predicate: #Predicate { $0.name != "rex" }, sortBy: [SortDescriptor(\.owner?.name), SortDescriptor(\.name)])
        translatedFilterMemorySort.fetchLimit = 2
        return [
            partialCase("relatedRowInMemory", FetchDescriptor<Pet>(predicate: #Predicate { $0.name != "tom" && ($0.owner?.name.count ?? 0) == 3 }, sortBy: [SortDescriptor(\.name)]),
                        seed: seed, name: { $0.name }, expected: ["fido", "rex"]),
            partialCase("memoryFilterMemorySort", memorySort, seed: seed, name: { $0.name }, expected: ["fido", "rex"]),
            partialCase("translatedFilterMemorySortLimit", translatedFilterMemorySort, seed: seed, name: { $0.name }, expected: ["stray", "fido"]),
        ]
    }

    /// `delete(model:where:)` with a conjunct left to memory deletes exactly Swift's matches.
    static func partialDeleteCase() -> ConformanceCase {
        ConformanceCase("\(category).partial.delete", category: category, requires: [.batchDelete]) { environment in
            let container = try environment.makeContainer()
            try Fixtures.saveRows(NullSafetyCases.rows(), in: container)
            let context = ModelContext(container)
            try context.delete(model: Row.self, where: #Predicate { $0.optInt != 3 && $0.string.count == 1 })
            try Check.sameElements(try ModelContext(container).fetch(FetchDescriptor<Row>()).map(\.tag), ["nil", "three"], "rows left after the delete")
        }
    }
}
