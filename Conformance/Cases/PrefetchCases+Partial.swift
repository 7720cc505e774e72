import StrataCore

/// `relationshipKeyPathsForPrefetching` with `propertiesToFetch`: the prefetched models are whole,
/// what the partial fetch left out loads on first read, and a fetch whose predicate falls back
/// to Swift answers the same.
extension PrefetchCases {
    static let partialCases: [ConformanceCase] = [prefetchWithPartialFetch]

    static let prefetchWithPartialFetch = ConformanceCase("prefetch.withPartialFetch", category: "prefetch") { environment in
        let container = try environment.makeContainer()
        try savePets(in: container)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Pet>(predicate: #Predicate { $0.name.count == 3 }, sortBy: [SortDescriptor(\.name)])
        descriptor.propertiesToFetch = [\.name]
        descriptor.relationshipKeyPathsForPrefetching = [\.owner]
        let pets = try context.fetch(descriptor)
        try Check.equal(describe(pets), ["max>bob", "rex>ann", "tom>ann"], "pets of three letters with their owners")
        try Check.equal(pets.map { $0.owner?.pets.count ?? -1 }, [1, 2, 2], "and their pets")
    }
}
