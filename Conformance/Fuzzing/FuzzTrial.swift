/// One generated check: rows to store, a predicate tree and sort keys to fetch with.
struct FuzzTrial: Sendable, CustomStringConvertible {
    var tree: FuzzPredicate
    var keys: [FuzzSortKey]
    var rows: [FuzzRow]

    var description: String {
        var lines = ["predicate: #Predicate<Row> { \(tree) }"]
        if !keys.isEmpty { lines.append("sortBy: [\(keys.map(\.description).joined(separator: ", "))]") }
        lines.append("rows (\(rows.count)):")
        lines += rows.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
