import StrataCore

/// In-memory fallback for relationship predicates and for `delete(model:where:)`.
extension FallbackCases {
    /// A fetch of `T` over ``CollectionCases/petGraph(_:)`` through a refusing store, sorted
    /// by `sortBy` so `expected` is an exact order.
    static func graphCase<T: PersistentModel>(
        _ refusal: Refusal, _ detail: String, predicate: Predicate<T>, sortBy: [SortDescriptor<T>], limit: Int? = nil,
        name: @escaping @Sendable (T) -> String, expected: [String]
    ) -> ConformanceCase {
        let box = SortBox(sortBy: sortBy)
        return ConformanceCase("\(category).\(refusal.rawValue).\(detail)", category: category) { environment in
            let log = RefusalLog()
            let container = try environment.makeContainer(intercepting: refusal.interceptor(logging: log))
            let seeding = ModelContext(container)
            _ = CollectionCases.petGraph(seeding)
            try seeding.save()
            let context = ModelContext(container)
            var descriptor = FetchDescriptor<T>(predicate: predicate, sortBy: box.sortBy)
            descriptor.fetchLimit = limit
            let fetched = try context.fetch(descriptor)
            try Check.equal(fetched.map(name), expected, "models after the in-memory fallback, in order")
            try Check.equal(try context.fetchIdentifiers(descriptor), fetched.map(\.persistentModelID), "fetchIdentifiers agrees with fetch, in order")
            try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount agrees with fetch")
            try checkRefused(log, [.fetch, .fetchCount, .fetchIdentifiers])
        }
    }

    static func relationshipCases(_ refusal: Refusal) -> [ConformanceCase] {
        let petName: @Sendable (Pet) -> String = { $0.name }
        let ownerName: @Sendable (Owner) -> String = { $0.name }
        return [
            graphCase(refusal, "toOneNotEqualsKeepsNilOwner", predicate: #Predicate<Pet> { $0.owner?.name != "ann" },
                      sortBy: [SortDescriptor(\.name)], name: petName, expected: ["stray", "tom"]),
            graphCase(refusal, "toOneCoalescedAgeWithLimit", predicate: #Predicate<Pet> { ($0.owner?.age ?? 0) > 18 },
                      sortBy: [SortDescriptor(\.name, order: .reverse)], limit: 1, name: petName, expected: ["rex"]),
            graphCase(refusal, "toManyCountOrNilAge", predicate: #Predicate<Owner> { $0.pets.count > 1 || $0.age == nil },
                      sortBy: [SortDescriptor(\.name, order: .reverse)], name: ownerName, expected: ["bob", "ann"]),
            graphCase(refusal, "toManyContainsWhere", predicate: #Predicate<Owner> { owner in !owner.pets.contains { pet in pet.name == "rex" } },
                      sortBy: [SortDescriptor(\.age)], name: ownerName, expected: ["bob", "cat"]),
        ]
    }

    /// `delete(model:where:)` when the store refuses the predicate: exactly the rows Swift
    /// matches are deleted (a refusing sort interceptor never sees a sort here, so it is skipped).
    static func deleteCases(_ refusal: Refusal) -> [ConformanceCase] {
        guard refusal != .sort else { return [] }
        return [
            deleteCase(refusal, "nullSafeNotEquals", #Predicate { $0.optInt != 3 }, remaining: ["three"]),
            deleteCase(refusal, "unwrapSkipsNil", #Predicate { $0.optInt! > 1 }, remaining: ["nil", "minus", "flagnil"]),
            deleteCase(refusal, "negationOverNullable", #Predicate { !($0.optString == "A") }, remaining: ["minus"]),
            deleteCase(refusal, "noMatch", #Predicate { $0.optDouble == 4 }, remaining: NullSafetyCases.allTags),
        ]
    }

    static func deleteCase(_ refusal: Refusal, _ detail: String, _ predicate: Predicate<Row>, remaining: [String]) -> ConformanceCase {
        ConformanceCase("\(category).\(refusal.rawValue).delete.\(detail)", category: category, requires: [.batchDelete]) { environment in
            let log = RefusalLog()
            let container = try environment.makeContainer(intercepting: refusal.interceptor(logging: log))
            try Fixtures.saveRows(NullSafetyCases.rows(), in: container)
            let context = ModelContext(container)
            try context.delete(model: Row.self, where: predicate)
            try checkRefused(log, [.fetch, .batchDelete])
            let left = try ModelContext(container).fetch(FetchDescriptor<Row>())
            try Check.sameElements(left.map(\.tag), remaining, "rows left after the delete")
            try Check.sameElements(try context.fetch(FetchDescriptor<Row>()).map(\.tag), remaining, "rows the deleting context still sees")
        }
    }
}
