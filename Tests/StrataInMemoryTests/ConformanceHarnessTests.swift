import StrataConformance
import StrataCore
import StrataInMemory
import Synchronization
import Testing

/// The harness's own rules: skips name a capability, known failures are strict, verdicts say
/// what was declared.
@Suite struct ConformanceHarnessTests {
    static let passing = ConformanceCase("harness.passes", category: "harness") { _ in }
    static let failing = ConformanceCase("harness.fails", category: "harness") { _ in
        try Check.equal(1, 2, "one is two")
    }
    static let needsErase = ConformanceCase("harness.needsErase", category: "harness", requires: [.erase]) { _ in }
    static let withoutErase = ConformanceCase("harness.withoutErase", category: "harness", requiresAbsent: [.erase]) { _ in }

    func runner(
        capabilities: BackendCapabilities = .all, knownFailures: [String: String] = [:],
        configuration: @escaping @Sendable () -> any DataStoreConfiguration = { InMemoryConfiguration() }
    ) -> ConformanceRunner {
        ConformanceRunner(backend: ConformanceBackend(name: "test", capabilities: capabilities, knownFailures: knownFailures) { _ in
            configuration()
        })
    }

    /// Every feature but `features`.
    func declaring(allBut features: Set<BackendCapabilities.Feature>) -> BackendCapabilities {
        StoreCapabilities(features: StoreCapabilities.all.features.subtracting(features))
    }

    /// An in-memory store whose calls to `operation` throw `error` (the first `count` of them).
    func refusing(_ operation: Interceptor.Operation, with error: any Error & Sendable = DataStoreError.unsupportedFeature, first count: Int = .max)
        -> @Sendable () -> any DataStoreConfiguration
    {
        {
            let seen = Counter()
            return InterceptingConfiguration(wrapping: InMemoryConfiguration(), interceptor: Interceptor { call in
                guard call.operation == operation else { return }
                if seen.next() <= count { throw error }
            })
        }
    }

    func suiteCase(_ id: String) throws -> ConformanceCase {
        try #require(ConformanceSuite.cases.first { $0.id == id })
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

    @Test func aDeclaredCapabilitySkipsAnAbsenceCaseAndNamesIt() {
        let skipped = runner().run(Self.withoutErase)
        #expect(skipped.status == .skipped)
        #expect(skipped.detail == "backend declares capability erase (the case checks a store without it)")
        #expect(runner(capabilities: declaring(allBut: [.erase])).run(Self.withoutErase).status == .passed)
        let report = runner().runAll([Self.passing, Self.withoutErase])
        #expect(report.passed == 1)
        #expect(report.skipped == 1)
        #expect(report.verdict == "conformant")
        #expect(report.text.contains("SKIPPED harness.withoutErase: backend declares capability erase"))
    }

    @Test func everyHonestyCaseSkipsOnABackendWithEveryFeature() throws {
        let honesty = ConformanceSuite.cases.filter { $0.id.hasPrefix("honesty.") }
        #expect(honesty.count == 8)
        let report = runner().runAll(honesty)
        #expect(report.skipped == 8)
        #expect(report.results.allSatisfy { $0.detail?.contains("capability ") == true })
    }

    @Test func aStoreThatErasesThoughItDeclaresNoEraseFailsTheHonestyCase() throws {
        let result = runner(capabilities: declaring(allBut: [.erase])).run(try suiteCase("honesty.erase"))
        #expect(result.status == .failed)
        #expect(result.detail?.contains("declare it") == true)
    }

    @Test func aStoreThatRefusesErasePassesTheHonestyCase() throws {
        let result = runner(capabilities: declaring(allBut: [.erase]), configuration: refusing(.erase)).run(try suiteCase("honesty.erase"))
        #expect(result.status == .passed, "\(result.detail ?? "")")
    }

    @Test func batchDeleteHonestyAcceptsTheFallbackOrARefusalButNotAnotherError() throws {
        let honesty = try suiteCase("honesty.batchDelete")
        let capabilities = declaring(allBut: [.batchDelete])
        #expect(runner(capabilities: capabilities).run(honesty).status == .passed)
        #expect(runner(capabilities: capabilities, configuration: refusing(.batchDelete)).run(honesty).status == .passed)
        #expect(runner(capabilities: capabilities, configuration: refusing(.batchDelete, with: DataStoreError.preferInMemoryFilter)).run(honesty).status == .passed)
        #expect(runner(capabilities: capabilities, configuration: refusing(.batchDelete, with: InjectedFault())).run(honesty).status == .failed)
    }

    @Test func concurrentSavesHonestyRetriesRefusedSaves() throws {
        let honesty = try suiteCase("honesty.concurrentSaves")
        let capabilities = declaring(allBut: [.concurrentSaves])
        #expect(runner(capabilities: capabilities).run(honesty).status == .passed)
        let refusingSome = runner(capabilities: capabilities, configuration: refusing(.save, first: 3)).run(honesty)
        #expect(refusingSome.status == .passed, "\(refusingSome.detail ?? "")")
    }

    @Test func signedZeroAndReopeningHonestyPassOnTheInMemoryStore() throws {
        #expect(runner(capabilities: declaring(allBut: [.signedZero])).run(try suiteCase("honesty.signedZero")).status == .passed)
        let reopening = runner(capabilities: InMemoryStore.declaredCapabilities).run(try suiteCase("honesty.reopening"))
        #expect(reopening.status == .passed, "\(reopening.detail ?? "")")
    }

    @Test func makeConfigurationGivesOneStoreToOpenAgain() throws {
        let check = ConformanceCase("harness.configuration", category: "harness") { environment in
            let configuration = try environment.makeConfiguration()
            let container = try environment.makeContainer(for: [Row.self], configuration: configuration)
            try Check.that(container.schema.entitiesByName["Row"] != nil, "the container sets the schema")
            try Check.equal(container.configurations.first?.name, configuration.name, "the container opens the given configuration")
            try Check.that(try environment.makeConfiguration().name != configuration.name, "every configuration is a new store")
        }
        let result = runner(configuration: { InMemoryConfiguration() }).run(check)
        #expect(result.status == .passed, "\(result.detail ?? "")")
    }

    @Test func faultEveryCallRunsOnAFreshStorePerFault() throws {
        let made = Counter()
        let counting = ConformanceRunner(backend: ConformanceBackend(name: "test", capabilities: .all) { _ in
            _ = made.next()
            return InMemoryConfiguration()
        })
        let result = counting.run(try suiteCase("atomicity.faultEveryCall.graph"))
        #expect(result.status == .passed, "\(result.detail ?? "")")
        #expect(made.next() > 4)
        let broken = runner(configuration: refusing(.save, with: InjectedFault(), first: 2)).run(try suiteCase("atomicity.faultEveryCall.graph"))
        #expect(broken.status == .failed)
        #expect(broken.detail?.contains("the run without faults, step insert") == true)
    }
}

/// Counts calls from any thread.
final class Counter: Sendable {
    private let count = Mutex(0)

    /// 1 on the first call, then 2, and so on.
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
