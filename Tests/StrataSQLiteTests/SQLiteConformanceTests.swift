import Foundation
import StrataConformance
import StrataSQLite
import Testing

/// The SQLite store, on a WAL database file per case, against the whole conformance suite.
@Suite struct SQLiteConformanceTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sqlite-conformance-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The store's own declaration: every feature, code-point string search.
    static let capabilities = SQLiteStore.declaredCapabilities

    static let runner = ConformanceRunner(backend: ConformanceBackend(name: "sqlite", capabilities: capabilities) { caseID in
        SQLiteConfiguration(url: directory.appendingPathComponent("\(caseID)-\(UUID().uuidString).sqlite"))
    })

    @Test(arguments: ConformanceSuite.cases)
    func conformance(_ conformanceCase: ConformanceCase) throws {
        try Self.runner.check(conformanceCase)
    }

    /// Runs the suite once more as a whole, prints the table and writes the JSON report.
    @Test func report() throws {
        let report = try Self.runner.runAllAndReport()
        #expect(report.failed == 0)
        #expect(report.passed >= 150)
        // Only the honesty cases, which check a store without a feature this one declares.
        #expect(report.skipped == 8)
        #expect(report.results.filter { $0.status == .skipped }.allSatisfy { $0.id.hasPrefix("honesty.") })
    }
}
