import Foundation

/// How one case went.
public struct CaseResult: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, skipped
        /// Failed, as the backend's list of known failures says it does.
        case knownFailure
    }

    public let id: String
    public let category: String
    public let status: Status
    /// The failure text, or the capability a skip names.
    public let detail: String?
    public let failure: ConformanceFailure?

    init(_ conformanceCase: ConformanceCase, status: Status, detail: String?, failure: ConformanceFailure?) {
        self.id = conformanceCase.id
        self.category = conformanceCase.category
        self.status = status
        self.detail = detail
        self.failure = failure
    }
}

/// The outcome of a suite run against one backend, as JSON and as text.
public struct ConformanceReport: Codable, Sendable {
    public let suiteVersion: String
    public let backend: String
    /// The ways the backend's declared semantic profile departs from the contract.
    public let declaredDeviations: [String]
    public let results: [CaseResult]

    public var passed: Int { results.count { $0.status == .passed } }
    public var failed: Int { results.count { $0.status == .failed } }
    public var skipped: Int { results.count { $0.status == .skipped } }
    public var knownFailures: Int { results.count { $0.status == .knownFailure } }

    /// `conformance: N passed, N failed, N skipped` (known failures are listed apart).
    public var closingLine: String { "conformance: \(passed) passed, \(failed) failed, \(skipped) skipped" }

    /// `conformant`, `conformant with N declared deviations`, or `not conformant: N failed`.
    public var verdict: String {
        guard failed == 0 else { return "not conformant: \(failed) failed" }
        let deviations = declaredDeviations.count + knownFailures
        return deviations == 0 ? "conformant" : "conformant with \(deviations) declared deviation\(deviations == 1 ? "" : "s")"
    }

    /// One line per category with its counts, then every failure and skip, then the closing line.
    public var text: String {
        var lines = ["Strata conformance suite \(suiteVersion) — backend \(backend)"]
        for category in Set(results.map(\.category)).sorted() {
            lines.append("  \(category.padding(toLength: 24, withPad: " ", startingAt: 0)) \(Self.counts(of: results.filter { $0.category == category }))")
        }
        for result in results where result.status != .passed {
            lines.append("\(result.status.rawValue.uppercased()) \(result.id): \(result.detail ?? "")")
        }
        for deviation in declaredDeviations { lines.append("DEVIATION \(deviation)") }
        lines.append("verdict: \(verdict)")
        lines.append(closingLine)
        return lines.joined(separator: "\n")
    }

    /// `N passed, N failed, N skipped`, then `, N known failures` when there are any.
    public static func counts(of results: [CaseResult]) -> String {
        let counts = [CaseResult.Status.passed, .failed, .skipped, .knownFailure].map { status in results.count { $0.status == status } }
        return "\(counts[0]) passed, \(counts[1]) failed, \(counts[2]) skipped" + (counts[3] > 0 ? ", \(counts[3]) known failures" : "")
    }

    /// Writes the report as JSON.
    /// - Throws: the file system's error.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url)
    }
}
