import Dispatch
import Foundation
import StrataCore
import Synchronization

extension ConformanceEnvironment {
    /// Runs `body` in a task on a thread of its own and waits for it (case bodies are
    /// synchronous; live queries and change streams are `async`). The thread keeps the task
    /// independent of Swift's cooperative pool, which the caller's thread may belong to.
    /// - Throws: what `body` throws, or ``ConformanceFailure`` when it does not finish within `timeout`.
    public func awaitResult<T: Sendable>(timeout: Duration = .seconds(30), _ body: @escaping @Sendable () async throws -> T) throws -> T {
        let executor = ThreadTaskExecutor()
        defer { executor.stop() }
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        guard done.wait(timeout: .now() + seconds) == .success else {
            task.cancel()
            throw ConformanceFailure(caseID: caseID, message: "the asynchronous part did not finish within \(timeout)")
        }
        return try outcome.withLock { $0! }.get()
    }
}

/// A task executor with one thread of its own, which runs jobs in order until stopped.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "strata.conformance.async"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread finish the jobs it has, then end.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
