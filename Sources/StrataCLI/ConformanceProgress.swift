import Foundation
import StrataConformance

/// The progress of a `strata conformance` run: the cases ordered category by category, and a
/// line as each category ends, with its counts and how long it took.
struct ConformanceProgress {
    /// The cases to run, each category's together, categories in the order the suite first lists them.
    let cases: [ConformanceCase]
    private let categories: [String]
    private var remaining: [String: Int]
    private var results: [String: [CaseResult]] = [:]
    private var categoryStart = ContinuousClock.now

    init(_ cases: [ConformanceCase]) {
        let groups = Dictionary(grouping: cases, by: \.category)
        categories = cases.map(\.category).reduce(into: []) { order, category in
            if !order.contains(category) { order.append(category) }
        }
        self.cases = categories.flatMap { groups[$0] ?? [] }
        remaining = groups.mapValues(\.count)
    }

    /// The line announcing the run.
    var start: String {
        "running \(cases.count) case\(cases.count == 1 ? "" : "s") in \(categories.count) categor\(categories.count == 1 ? "y" : "ies")"
    }

    /// Counts `result`; returns the category's line when it was the category's last case.
    mutating func record(_ result: CaseResult) -> String? {
        results[result.category, default: []].append(result)
        remaining[result.category, default: 0] -= 1
        guard remaining[result.category] == 0, let index = categories.firstIndex(of: result.category) else { return nil }
        let now = ContinuousClock.now
        defer { categoryStart = now }
        let position = String(format: "%\(String(categories.count).count)d", index + 1)
        return "[\(position)/\(categories.count)] \(result.category.padding(toLength: 16, withPad: " ", startingAt: 0)) "
            + ConformanceReport.counts(of: results[result.category] ?? []) + String(format: "  %.1f s", (now - categoryStart) / .seconds(1))
    }
}
