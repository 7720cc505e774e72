import Foundation
import JSONFileStore
import StrataConformance
import Testing

/// The JSON file store, on a fresh file per case, against the whole conformance suite.
@Suite struct JSONFileConformanceTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-json-conformance-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The store's own declaration (every feature, the contract's semantics); a fresh,
    /// empty file for every container a case makes.
    static let runner = ConformanceRunner(backend: ConformanceBackend(name: "json-file", capabilities: JSONFileStore.declaredCapabilities) { caseID in
        JSONFileConfiguration(url: directory.appendingPathComponent("\(caseID)-\(UUID().uuidString).json"))
    })

    @Test(arguments: ConformanceSuite.cases)
    func conformance(_ conformanceCase: ConformanceCase) throws {
        try Self.runner.check(conformanceCase)
    }

    /// Runs the suite once more as a whole, prints the table and writes the JSON report.
    @Test func report() throws {
        let report = try Self.runner.runAllAndReport()
        #expect(report.failed == 0)
        #expect(report.verdict == "conformant")
        #expect(report.passed >= 150)
        // Every skip names a capability: the honesty cases of features this store declares, the
        // migration cases (it declares no `.migrationPlans`; `honesty.migrationPlans` passes) and
        // the external-changes case (nor `.externalChanges`; `honesty.externalChanges` passes) and
        // the history cases (nor `.history`), the hierarchy's among them, and the ported
        // defaulted optionals added by a migration plan.
        #expect(report.results.filter { $0.status == .skipped }.allSatisfy { $0.detail?.contains("capability ") == true })
        #expect(report.results.filter { $0.status == .skipped }.map(\.id).allSatisfy {
            $0.hasPrefix("honesty.") || $0.hasPrefix("migration.") || $0.hasPrefix("capability.externalChanges.") || $0.hasPrefix("history.")
                || $0 == "inheritance.historyNamesOwnClass" || $0 == "ported.optionalDefault.migrated"
        })
        #expect(report.results.contains { $0.id == "honesty.migrationPlans" && $0.status == .passed })
        #expect(report.results.contains { $0.id == "honesty.externalChanges" && $0.status == .passed })
    }

    /// Declared without `.schemaEvolution`, the store still passes the honesty case: it refuses
    /// every schema it cannot read and reads an additive change faithfully.
    @Test func honestWithoutSchemaEvolution() throws {
        var capabilities = JSONFileStore.declaredCapabilities
        capabilities.features.remove(.schemaEvolution)
        let runner = ConformanceRunner(backend: ConformanceBackend(name: "json-file-no-evolution", capabilities: capabilities) { caseID in
            JSONFileConfiguration(url: Self.directory.appendingPathComponent("\(caseID)-\(UUID().uuidString).json"))
        })
        let honesty = try #require(ConformanceSuite.cases.first { $0.id == "honesty.schemaEvolution" })
        let result = runner.run(honesty)
        #expect(result.status == .passed, "\(result.detail ?? "")")
    }
}
