import Foundation
import StrataConformance
import Synchronization
@testable import StrataPostgres
import Testing

/// The PostgreSQL store, on a real server (``TestCluster``), against the whole conformance
/// suite. Each case gets its own PostgreSQL schema in one database, so cases never meet.
@Suite struct PostgresConformanceTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "conformance") }
    static let caseCounter = CaseCounter()

    static let runner = ConformanceRunner(backend: ConformanceBackend(name: "postgresql", capabilities: PostgresStore.declaredCapabilities) { caseID in
        var configuration = try PostgresConfiguration(url: database.get(), namespace: "case_\(caseCounter.next())")
        configuration.poolSize = 4
        return configuration
    })

    @Test(arguments: ConformanceSuite.cases)
    func conformance(_ conformanceCase: ConformanceCase) throws {
        try Self.runner.check(conformanceCase)
    }

    /// Runs the suite once more as a whole, prints the table and writes the JSON report.
    @Test func report() throws {
        let report = try Self.runner.runAllAndReport()
        #expect(report.failed == 0)
        #expect(report.passed >= 1_000)
        // Only the honesty cases, which check a store without a feature this one declares.
        #expect(report.skipped == 8)
        #expect(report.results.filter { $0.status == .skipped }.allSatisfy { $0.id.hasPrefix("honesty.") })
    }
}

/// Hands out distinct numbers to cases running in parallel.
final class CaseCounter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
