/// Generates random lists of zero to three sort descriptors over `Row`'s ordered attributes.
struct FuzzSortGenerator {
    func keys(using generator: inout SplitMix64) -> [FuzzSortKey] {
        let count = generator.pick([0, 0, 1, 1, 1, 2, 2, 3])
        return (0..<count).map { _ in
            FuzzSortKey(
                kind: generator.pick(FuzzKind.allCases.filter(\.isOrdered)), optional: generator.chance(0.5),
                reverse: generator.chance(0.5))
        }
    }
}
