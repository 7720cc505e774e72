import StrataCore

/// The edge values rows and constants are drawn from: small pools, so that rows and
/// constants collide often and comparisons land on both sides of every boundary.
enum FuzzValuePool {
    static let ints: [Int] = [.min, .min + 1, -1_000_000, -7, -2, -1, 0, 1, 2, 3, 5, 42, .max - 1, .max]

    static let doubles: [Double] = [
        -.infinity, -.greatestFiniteMagnitude, -1e300, -2.5, -1, -1e-300, -0.0, 0, .leastNonzeroMagnitude, 1e-300,
        0.1, 1, 1.5, 3, 42, 1e300, .infinity, .nan,
    ]

    static let strings: [String] = [
        "", "A", "a", "B", "b", "Z", "z", "ab", "abc", "ABC", "\u{E9}", "e\u{301}", "e", "caf\u{E9}", "cafe\u{301}",
        "%", "_", "\\", "'", "\"", "a%b", "a_b", "100%", "it's", "\u{1F600}", "\u{1F44D}\u{1F3FD}", "a\u{1F600}b",
        " ", "a b", String(repeating: "x", count: 300), String(repeating: "ab", count: 100) + "%",
    ]

    /// Needles for `contains`: wildcard characters, escapes, quotes, combining marks, emoji, empty.
    ///
    /// No needle ends inside a grapheme cluster of a pooled string that has no precomposed form
    /// (such as `"\u{1F44D}"` in `"\u{1F44D}\u{1F3FD}"`): SQL backends search by code point and
    /// document that limit (docs/sqlite.md, "Known limit"), so it is not fuzzed. Clusters with a
    /// precomposed form (`"e"` against `"e\u{301}"`) are fuzzed.
    static let needles: [String] = [
        "", "%", "_", "\\", "'", "\"", "a", "A", "b", "ab", "bc", "\u{E9}", "e", "e\u{301}", "\u{301}", "\u{1F600}",
        "%_", "a%", "_b", "x", "xx", "caf", "fe", " ", "\u{1F44D}\u{1F3FD}", "\u{1F600}b",
    ]

    static let dateSeconds: [Double] = [
        -62_135_596_800, -2_208_988_800, -1e9, -86_400, -1.5, -1, -0.001, 0, 0.001, 1, 86_400, 1e9, 1_700_000_000.25,
        4_102_444_800,
    ]

    /// A random value of `kind` from the pools (now and then a fresh small number).
    static func value(_ kind: FuzzKind, using generator: inout SplitMix64) -> FuzzValue {
        switch kind {
        case .int:
            return .int(generator.chance(0.2) ? Int.random(in: -3...3, using: &generator) : generator.pick(ints))
        case .double:
            return .double(generator.chance(0.15) ? Double(Int.random(in: -6...6, using: &generator)) / 2 : generator.pick(doubles))
        case .string:
            return .string(generator.pick(strings))
        case .bool:
            return .bool(generator.chance(0.5))
        case .date:
            return .date(Date(timeIntervalSince1970: generator.pick(dateSeconds)))
        }
    }
}
