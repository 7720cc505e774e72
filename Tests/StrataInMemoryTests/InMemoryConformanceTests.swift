import Foundation
import StrataConformance
import StrataInMemory
import Testing

/// The in-memory store against the whole conformance suite, one test per case.
@Suite struct InMemoryConformanceTests {
    static let runner = ConformanceRunner(backend: ConformanceBackend(name: "in-memory", capabilities: .all) { caseID in
        InMemoryConfiguration(name: "conformance-\(caseID)")
    })

    @Test(arguments: ConformanceSuite.cases)
    func conformance(_ conformanceCase: ConformanceCase) throws {
        try Self.runner.check(conformanceCase)
    }

    /// Runs the suite once more as a whole, writes the JSON report and prints the summary.
    @Test func report() throws {
        let report = Self.runner.runAll()
        print(report.text)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-conformance-in-memory.json")
        try report.write(to: url)
        print("report written to \(url.path)")
        #expect(report.failed == 0)
        #expect(report.passed >= 150)
        #expect(report.skipped == 0)
    }
}
