import Foundation

/// Runs suite cases against one backend and collects a report.
///
/// From Swift Testing, one parameterised test per backend reports each case by name:
/// ```swift
/// let runner = ConformanceRunner(backend: myBackend)
/// @Test(arguments: ConformanceSuite.cases) func conformance(_ check: ConformanceCase) throws {
///     try runner.check(check)
/// }
/// ```
public struct ConformanceRunner: Sendable {
    public let backend: ConformanceBackend

    public init(backend: ConformanceBackend) {
        self.backend = backend
    }

    /// Runs one case and says how it went, holding listed known failures to their listing.
    public func run(_ conformanceCase: ConformanceCase) -> CaseResult {
        let result = execute(conformanceCase)
        guard let reason = backend.knownFailures[conformanceCase.id] else { return result }
        switch result.status {
        case .failed:
            return CaseResult(conformanceCase, status: .knownFailure, detail: "known failure (\(reason)): \(result.detail ?? "")", failure: nil)
        case .passed:
            let failure = ConformanceFailure(
                caseID: conformanceCase.id, message: "unexpected pass: the case is listed as a known failure (\(reason)); remove it from the list")
            return CaseResult(conformanceCase, status: .failed, detail: failure.description, failure: failure)
        case .skipped, .knownFailure:
            return result
        }
    }

    private func execute(_ conformanceCase: ConformanceCase) -> CaseResult {
        if let reason = conformanceCase.skipReason(for: backend.capabilities) {
            return CaseResult(conformanceCase, status: .skipped, detail: reason, failure: nil)
        }
        do {
            try conformanceCase.body(ConformanceEnvironment(backend: backend, caseID: conformanceCase.id))
            return CaseResult(conformanceCase, status: .passed, detail: nil, failure: nil)
        } catch var failure as ConformanceFailure {
            failure.caseID = conformanceCase.id
            return CaseResult(conformanceCase, status: .failed, detail: failure.description, failure: failure)
        } catch {
            let failure = ConformanceFailure(caseID: conformanceCase.id, message: "unexpected error: \(error)")
            return CaseResult(conformanceCase, status: .failed, detail: failure.description, failure: failure)
        }
    }

    /// Runs one case; throws its ``ConformanceFailure`` when it fails (a skip does not throw).
    /// - Throws: ``ConformanceFailure``.
    public func check(_ conformanceCase: ConformanceCase) throws {
        let result = run(conformanceCase)
        if let failure = result.failure { throw failure }
    }

    /// Runs every case and returns the report.
    public func runAll(_ cases: [ConformanceCase] = ConformanceSuite.cases) -> ConformanceReport {
        ConformanceReport(
            suiteVersion: ConformanceSuite.version, backend: backend.name,
            declaredDeviations: backend.capabilities.profile.deviations, results: cases.map(run))
    }

    /// Runs every case, prints the report's text, writes its JSON next to the other reports
    /// (`$TMPDIR/strata-conformance-<backend>.json`) and returns it.
    /// - Throws: the file system's error when the report cannot be written.
    public func runAllAndReport(_ cases: [ConformanceCase] = ConformanceSuite.cases) throws -> ConformanceReport {
        let report = runAll(cases)
        print(report.text)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-conformance-\(backend.name).json")
        try report.write(to: url)
        print("report written to \(url.path)")
        return report
    }
}
