import Foundation
import Synchronization

extension ConformanceRunner {
    /// Runs `cases` with up to `workers` at once, each on a thread of its own, and returns the
    /// report, its results in the order of `cases`.
    ///
    /// Cases of one category run together: a category's cases start only once every case of
    /// the category listed before it has ended, so `afterEach` may remove what a category made
    /// when its last result arrives. `afterEach` gets each result as its case ends, one at a
    /// time, on the calling thread.
    ///
    /// ```swift
    /// let report = try runner.runAll(ConformanceSuite.cases, workers: 4) { result in print(result.id, result.status) }
    /// ```
    /// - Throws: what `afterEach` throws; the cases under way then finish and no other starts.
    public func runAll(_ cases: [ConformanceCase], workers: Int, afterEach: (CaseResult) throws -> Void) rethrows -> ConformanceReport {
        var results = [CaseResult?](repeating: nil, count: cases.count)
        var start = cases.startIndex
        while start < cases.endIndex {
            let end = cases[start...].firstIndex { $0.category != cases[start].category } ?? cases.endIndex
            let batch = CaseBatch(runner: self, cases: Array(cases[start..<end]), workers: workers)
            for _ in start..<end {
                let (offset, result) = batch.nextResult()
                results[start + offset] = result
                do {
                    try afterEach(result)
                } catch {
                    batch.stop()
                    throw error
                }
            }
            start = end
        }
        return ConformanceReport(
            suiteVersion: ConformanceSuite.version, backend: backend.name,
            declaredDeviations: backend.capabilities.profile.deviations, results: results.compactMap { $0 })
    }
}

/// The cases of one category, run by worker threads that hand each result over as it comes.
private final class CaseBatch: Sendable {
    private let runner: ConformanceRunner
    private let cases: [ConformanceCase]
    /// The next case to start, and whether to start no more.
    private let claims = Mutex<(next: Int, stopped: Bool)>((0, false))
    /// Results not yet taken, with their offset in ``cases``.
    private let finished = Mutex<[(Int, CaseResult)]>([])
    private let resultReady = DispatchSemaphore(value: 0)
    private let workersDone = DispatchGroup()

    /// Starts `workers` threads (at most one per case) on `cases`.
    init(runner: ConformanceRunner, cases: [ConformanceCase], workers: Int) {
        self.runner = runner
        self.cases = cases
        for _ in 0..<max(1, min(workers, cases.count)) {
            workersDone.enter()
            Thread { [self] in
                while let offset = claim() {
                    let result = runner.run(cases[offset])
                    finished.withLock { $0.append((offset, result)) }
                    resultReady.signal()
                }
                workersDone.leave()
            }.start()
        }
    }

    /// Waits for the next case to end and returns its offset and result.
    func nextResult() -> (Int, CaseResult) {
        resultReady.wait()
        return finished.withLock { $0.removeFirst() }
    }

    /// Starts no more cases and waits for those under way.
    func stop() {
        claims.withLock { $0.stopped = true }
        workersDone.wait()
    }

    private func claim() -> Int? {
        claims.withLock { claims in
            guard !claims.stopped, claims.next < cases.count else { return nil }
            defer { claims.next += 1 }
            return claims.next
        }
    }
}
