import StrataCore

/// Several descriptors applied in order, sorting with a predicate, and binary string order with canonical equivalence.
extension SortCases {
    /// The first descriptor decides; the next breaks its ties; ties left after the last are sets.
    static func multipleCases() -> [ConformanceCase] {
        [
            sortCase("multiple.intThenString", sortBy: [SortDescriptor(\.int), SortDescriptor(\.string)],
                     same: { $0.int == $1.int && $0.string == $1.string },
                     expected: [["f"], ["b"], ["e"], ["c"], ["a"], ["d"]]),
            sortCase("multiple.intDescendingThenOptIntNilFirst", sortBy: [SortDescriptor(\.int, order: .reverse), SortDescriptor(\.optInt)],
                     same: { $0.int == $1.int && $0.optInt == $1.optInt },
                     expected: [["d"], ["a"], ["c"], ["e"], ["b"], ["f"]]),
            sortCase("multiple.optIntThenDateDescendingLeavesTie", sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.date, order: .reverse)],
                     same: { $0.optInt == $1.optInt && $0.date == $1.date },
                     expected: [["a", "e"], ["f"], ["c"], ["d"], ["b"]]),
            sortCase("multiple.optStringDescendingThenInt", sortBy: [SortDescriptor(\.optString, order: .reverse), SortDescriptor(\.int)],
                     same: { $0.optString == $1.optString && $0.int == $1.int },
                     expected: [["b"], ["d"], ["c"], ["f"], ["e"], ["a"]]),
            sortCase("multiple.threeDescriptors",
                     sortBy: [SortDescriptor(\.optDate, order: .reverse), SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.string)],
                     same: { $0.optDate == $1.optDate && $0.optInt == $1.optInt && $0.string == $1.string },
                     expected: [["d"], ["c"], ["b"], ["f"], ["e"], ["a"]]),
            sortCase("multiple.secondBreaksOnlyTies", sortBy: [SortDescriptor(\.date), SortDescriptor(\.double, order: .reverse)],
                     same: { $0.date == $1.date && $0.double == $1.double },
                     expected: [["f"], ["b"], ["c"], ["d"], ["e"], ["a"]]),
            sortCase("predicate.nonNilDescending", predicate: #Predicate { $0.optInt != nil }, sortBy: [SortDescriptor(\.optInt, order: .reverse)],
                     same: { $0.optInt == $1.optInt }, expected: [["b", "d"], ["c"], ["f"]]),
            sortCase("predicate.nilRowsStillFirst", predicate: #Predicate { $0.int > 0 }, sortBy: [SortDescriptor(\.optDouble)],
                     same: { $0.optDouble == $1.optDouble }, expected: [["a", "e"], ["c"], ["b"], ["d"]]),
        ]
    }

    /// Rows tagged B, E, a, b, f and z whose `string` is the tag, plus "composed" (`"\u{E9}"`)
    /// and "decomposed" (`"e\u{301}"`), which Swift calls equal.
    @Sendable static func stringRows() -> [Row] {
        [("B", "B"), ("E", "E"), ("a", "a"), ("b", "b"), ("f", "f"), ("z", "z"), ("composed", "\u{E9}"), ("decomposed", "e\u{301}")]
            .map { Row(tag: $0.0, string: $0.1) }
    }

    /// Code-point order (`"B" < "E" < "a"`), with both forms of `"é"` tied after `"z"`.
    static func stringCases() -> [ConformanceCase] {
        [
            sortCase("string.binaryAscending", rows: stringRows, sortBy: [SortDescriptor(\.string)], same: { $0.string == $1.string },
                     expected: [["B"], ["E"], ["a"], ["b"], ["f"], ["z"], ["composed", "decomposed"]]),
            sortCase("string.binaryDescending", rows: stringRows, sortBy: [SortDescriptor(\.string, order: .reverse)], same: { $0.string == $1.string },
                     expected: [["composed", "decomposed"], ["z"], ["f"], ["b"], ["a"], ["E"], ["B"]]),
            sortCase("string.decomposedTiesThenTag", rows: stringRows, sortBy: [SortDescriptor(\.string), SortDescriptor(\.tag)],
                     same: { $0.string == $1.string && $0.tag == $1.tag },
                     expected: [["B"], ["E"], ["a"], ["b"], ["f"], ["z"], ["composed"], ["decomposed"]]),
        ]
    }
}
