import Foundation

/// The store's own threads. Each worker owns one connection and runs jobs from a shared queue,
/// so libpq's blocking calls never run on Swift's cooperative thread pool: a synchronous
/// caller (a context on its actor's queue) waits for its job, an `async` caller suspends.
///
/// Workers start on demand up to `size`, and end, closing their connections, at ``shutdown()``.
final class PostgresWorkerPool: @unchecked Sendable {
    typealias Job = (PooledConnection) -> Void

    private let size: Int
    private let open: @Sendable () throws -> PostgresConnection
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [Job] = []
    private var workers = 0
    private var idleWorkers = 0
    private var isShutDown = false

    /// - Parameters:
    ///   - size: the most workers (and connections) the pool runs at once.
    ///   - open: opens and configures a new connection; called on a worker thread.
    init(size: Int, open: @escaping @Sendable () throws -> PostgresConnection) {
        self.size = max(size, 1)
        self.open = open
    }

    deinit { shutdown() }

    /// Runs `body` on a worker and waits for it, blocking the calling thread.
    /// - Throws: what `body` throws.
    func run<Result>(_ body: @escaping (PooledConnection) throws -> Result) throws -> Result {
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        submit { connection in
            outcome.value = Swift.Result { try body(connection) }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }

    /// Runs `body` on a worker; the calling task suspends, and no thread waits for it.
    /// - Throws: what `body` throws.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (PooledConnection) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            submit { connection in continuation.resume(with: Swift.Result { try body(connection) }) }
        }
    }

    /// Lets queued jobs finish, then ends every worker and closes its connection.
    func shutdown() {
        condition.lock()
        isShutDown = true
        condition.broadcast()
        condition.unlock()
    }

    private func submit(_ job: @escaping Job) {
        condition.lock()
        jobs.append(job)
        // Each idle worker takes one queued job; more jobs than that need another worker.
        if jobs.count > idleWorkers, workers < size {
            workers += 1
            let thread = Thread { [self] in work() }
            thread.name = "strata.postgres.worker"
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    private func work() {
        let connection = PooledConnection(open: open)
        while let job = nextJob() { job(connection) }
        connection.close()
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty {
            if isShutDown {
                workers -= 1
                return nil
            }
            idleWorkers += 1
            condition.wait()
            idleWorkers -= 1
        }
        return jobs.removeFirst()
    }
}

/// A job's result, handed from the worker to the waiting caller (the semaphore orders access).
private final class Outcome<Value>: @unchecked Sendable {
    var value: Result<Value, any Error>?
}
