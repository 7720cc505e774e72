import StrataCore

/// The expected answers, computed without Strata: Foundation's `Predicate.evaluate` on
/// detached `Row` objects (a throw is no match), and a sort written here with Swift's `<`:
/// nil first ascending and last descending, NaN after every number and equal to NaN, ties
/// beyond the last descriptor compared as sets.
enum FuzzReference {
    /// The tags of `rows` the predicate matches, evaluating fresh, never-inserted `Row`s.
    static func matchingTags(_ predicate: Predicate<Row>, in rows: [FuzzRow]) -> [String] {
        rows.filter { spec in
            let detached = spec.makeRow()
            return (try? predicate.evaluate(detached)) ?? false
        }.map(\.tag)
    }

    /// `lhs` against `rhs` under `keys`, descriptor by descriptor.
    static func compare(_ lhs: FuzzRow, _ rhs: FuzzRow, by keys: [FuzzSortKey]) -> Int {
        for key in keys {
            var result = compare(lhs.value(key.kind, optional: key.optional), rhs.value(key.kind, optional: key.optional))
            if key.reverse { result = -result }
            if result != 0 { return result }
        }
        return 0
    }

    /// -1, 0 or 1; nil before every value, NaN after every number.
    static func compare(_ lhs: FuzzValue?, _ rhs: FuzzValue?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case let (.int(a)?, .int(b)?): return order(a, b)
        case let (.string(a)?, .string(b)?): return order(a, b)
        case let (.date(a)?, .date(b)?): return order(a, b)
        case let (.double(a)?, .double(b)?):
            switch (a.isNaN, b.isNaN) {
            case (true, true): return 0
            case (true, false): return 1
            case (false, true): return -1
            case (false, false): return order(a, b)
            }
        default: preconditionFailure("sorting unlike values \(String(describing: lhs)) and \(String(describing: rhs))")
        }
    }

    private static func order<C: Comparable>(_ a: C, _ b: C) -> Int {
        a < b ? -1 : (b < a ? 1 : 0)
    }

    /// The expected result of fetching `tags` sorted by `keys`: runs of rows equal under the
    /// keys, in order, each run a set.
    static func expectedRuns(_ tags: [String], rows: [String: FuzzRow], keys: [FuzzSortKey]) -> [Set<String>] {
        let sorted = tags.sorted { compare(rows[$0]!, rows[$1]!, by: keys) < 0 }
        return runs(sorted, rows: rows, keys: keys)
    }

    /// `tags` (in fetched order) split into runs of consecutive rows equal under `keys`.
    static func runs(_ tags: [String], rows: [String: FuzzRow], keys: [FuzzSortKey]) -> [Set<String>] {
        var result: [Set<String>] = []
        var previous: FuzzRow?
        for tag in tags {
            guard let row = rows[tag] else {
                result.append([tag])
                previous = nil
                continue
            }
            if let last = previous, compare(last, row, by: keys) == 0 {
                result[result.count - 1].insert(tag)
            } else {
                result.append([tag])
            }
            previous = row
        }
        return result
    }
}
