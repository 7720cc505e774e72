import StrataCore

/// Captured lists far past any bind-parameter limit (40,000 and 100,000 values), with nils,
/// duplicates, extremes and negation, on the rows of ``CollectionCases/rows()``.
extension CollectionCases {
    static var moreLargeIn: [ConformanceCase] {
        let t = table("inHuge")
        let evens = (0..<40_000).map { $0 * 2 }                                       // 0, 2, …, 79,998
        let optionalsWithNil: [Int?] = (10..<40_010).map { $0 } + [nil]
        let optionalsWithoutNil: [Int?] = [3, 5] + (100..<40_100).map { $0 }
        let optionalsWithNilAndOne: [Int?] = [nil, 1] + (100..<40_100).map { $0 }
        let strings = (0..<40_000).map { "s\($0)" } + ["a", "e"]
        let optionalStrings: [String?] = (0..<40_000).map { "s\($0)" } + [nil, "c"]
        let duplicates = Array(repeating: 3, count: 40_000)
        let negatives = Array(-40_000..<0)
        let extremes = [Int.min, Int.max] + (1_000..<41_000)
        let hundredThousand = Array(5..<100_005)
        let empties = Array(repeating: "", count: 40_000)
        return [
            t("ints", #Predicate<Row> { evens.contains($0.int) }, ["r2", "r4"]),
            t("notInts", #Predicate<Row> { !evens.contains($0.int) }, ["r0", "r1", "r3", "r5"]),
            t("optionalsWithNil", #Predicate<Row> { optionalsWithNil.contains($0.optInt) }, ["r2", "r4"]),
            t("notOptionalsWithNil", #Predicate<Row> { !optionalsWithNil.contains($0.optInt) }, ["r0", "r1", "r3", "r5"]),
            t("optionalsWithoutNil", #Predicate<Row> { optionalsWithoutNil.contains($0.optInt) }, ["r3", "r5"]),
            t("notOptionalsWithoutNilKeepsNil", #Predicate<Row> { !optionalsWithoutNil.contains($0.optInt) }, ["r0", "r1", "r2", "r4"]),
            t("notOptionalsWithNilAndOne", #Predicate<Row> { !optionalsWithNilAndOne.contains($0.optInt) }, ["r0", "r3", "r5"]),
            t("strings", #Predicate<Row> { strings.contains($0.string) }, ["r1", "r5"]),
            t("notStrings", #Predicate<Row> { !strings.contains($0.string) }, ["r0", "r2", "r3", "r4"]),
            t("optionalStringsWithNil", #Predicate<Row> { optionalStrings.contains($0.optString) }, ["r2", "r3", "r4"]),
            t("duplicates", #Predicate<Row> { duplicates.contains($0.int) }, ["r3"]),
            t("negatives", #Predicate<Row> { negatives.contains($0.int) }, ["r0"]),
            t("extremes", #Predicate<Row> { extremes.contains($0.int) }, []),
            t("hundredThousand", #Predicate<Row> { hundredThousand.contains($0.int) }, ["r5"]),
            t("emptyStrings", #Predicate<Row> { empties.contains($0.string) }, ["r0"]),
            t("orNil", #Predicate<Row> { evens.contains($0.int) || $0.optInt == nil }, ["r2", "r4"]),
            t("andOther", #Predicate<Row> { !evens.contains($0.int) && $0.int > 0 }, ["r1", "r3", "r5"]),
            t("twoLists", #Predicate<Row> { evens.contains($0.int) && !duplicates.contains($0.int) && strings.contains($0.string) == false }, ["r2", "r4"]),
            t("coalescedOptional", #Predicate<Row> { evens.contains($0.optInt ?? 0) }, ["r2", "r4"]),
        ] + windowedLargeIn()
    }

    /// A huge list combined with a sort and a window: `fetchCount` and `fetch` agree.
    static func windowedLargeIn() -> [ConformanceCase] {
        let odds = (0..<40_000).map { $0 * 2 + 1 } + [-1]                             // r0, r1, r3, r5
        return [(0, 2, ["r0", "r1"]), (1, 2, ["r1", "r3"]), (3, 5, ["r5"]), (4, 1, [])].map { offset, limit, expected in
            ConformanceCase("\(category).inHuge.window.offset\(offset)limit\(limit)", category: category) { environment in
                let container = try environment.makeContainer()
                try Fixtures.saveRows(rows(), in: container)
                var descriptor = FetchDescriptor<Row>(predicate: #Predicate { odds.contains($0.int) }, sortBy: [SortDescriptor(\.int)])
                descriptor.fetchOffset = offset
                descriptor.fetchLimit = limit
                let context = ModelContext(container)
                try Check.equal(try context.fetch(descriptor).map(\.tag), expected, "the window, in order")
                try Check.equal(try context.fetchCount(descriptor), expected.count, "fetchCount counts the window")
            }
        }
    }
}
