import StrataConformance
import StrataCore
import StrataInMemory
import Testing

/// The harness's own rules: skips name a capability, known failures are strict, verdicts say
/// what was declared.
@Suite struct ConformanceHarnessTests {
    static let passing = ConformanceCase("harness.passes", category: "harness") { _ in }
    static let failing = ConformanceCase("harness.fails", category: "harness") { _ in
        try Check.equal(1, 2, "one is two")
    }
    static let needsErase = ConformanceCase("harness.needsErase", category: "harness", requires: [.erase]) { _ in }

    func runner(capabilities: BackendCapabilities = .all, knownFailures: [String: String] = [:]) -> ConformanceRunner {
        ConformanceRunner(backend: ConformanceBackend(name: "test", capabilities: capabilities, knownFailures: knownFailures) { _ in
            InMemoryConfiguration()
        })
    }

    @Test func aMissingCapabilitySkipsAndNamesIt() {
        let result = runner(capabilities: StoreCapabilities(features: [])).run(Self.needsErase)
        #expect(result.status == .skipped)
        #expect(result.detail?.contains("erase") == true)
    }

    @Test func aListedFailureIsAKnownFailureAndAListedPassFailsTheRun() {
        let strict = runner(knownFailures: ["harness.fails": "documented limit", "harness.passes": "stale entry"])
        #expect(strict.run(Self.failing).status == .knownFailure)
        let stale = strict.run(Self.passing)
        #expect(stale.status == .failed)
        #expect(stale.detail?.contains("unexpected pass") == true)
    }

    @Test func verdictsCountDeclaredDeviations() {
        #expect(runner().runAll([Self.passing]).verdict == "conformant")
        #expect(runner(knownFailures: ["harness.fails": "limit"]).runAll([Self.passing, Self.failing]).verdict == "conformant with 1 declared deviation")
        let codePoints = StoreCapabilities(features: StoreCapabilities.all.features, profile: SemanticProfile(stringSearch: .codePoints))
        let report = runner(capabilities: codePoints).runAll([Self.passing])
        #expect(report.verdict == "conformant with 1 declared deviation")
        #expect(report.text.contains("DEVIATION string search compares code points"))
        #expect(runner().runAll([Self.failing]).verdict == "not conformant: 1 failed")
    }
}
