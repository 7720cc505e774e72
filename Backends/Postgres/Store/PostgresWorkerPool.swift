import Foundation
import StrataCore

/// The store's connections and its own threads, so libpq's blocking calls never run on Swift's
/// cooperative thread pool.
///
/// - A caller that may block — a thread outside Swift concurrency, or a model actor's own
///   queue (``DefaultSerialModelExecutor``) — runs its work on its own thread with a checked-out
///   connection: no hand-off, no extra wake-up.
/// - Any other caller (a task on the cooperative pool, another actor) hands the work to one of
///   the store's worker threads and waits for it; an `async` caller suspends and holds no thread.
///
/// At most `size` connections are open; workers start on demand, up to `size`, and end,
/// closing the connections, at ``shutdown()``.
final class PostgresWorkerPool: @unchecked Sendable {
    typealias Job = (PooledConnection) -> Void

    private let size: Int
    private let open: @Sendable () throws -> PostgresConnection
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [Job] = []
    private var workers = 0
    private var idleWorkers = 0
    private var idleConnections: [PooledConnection] = []
    private var connections = 0
    private var isShutDown = false

    /// - Parameters:
    ///   - size: the most connections (and worker threads) the pool has at once.
    ///   - open: opens and configures a new connection, on the thread that first uses it.
    init(size: Int, open: @escaping @Sendable () throws -> PostgresConnection) {
        self.size = max(size, 1)
        self.open = open
    }

    deinit { shutdown() }

    /// Runs `body` with a connection and returns its result: on the calling thread when it may
    /// block, otherwise on a worker while the caller waits.
    /// - Throws: what `body` throws.
    func run<Result>(_ body: @escaping (PooledConnection) throws -> Result) throws -> Result {
        if Self.callerMayBlock {
            let connection = checkOut()
            defer { checkIn(connection) }
            return try body(connection)
        }
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

    /// Lets queued jobs finish, then ends every worker and closes every connection.
    func shutdown() {
        condition.lock()
        isShutDown = true
        let idle = idleConnections
        idleConnections = []
        condition.broadcast()
        condition.unlock()
        for connection in idle { connection.close() }
    }

    /// Whether blocking the calling thread stalls no Swift task: it runs no task at all, or it
    /// is a model actor's own queue.
    private static var callerMayBlock: Bool {
        withUnsafeCurrentTask { $0 == nil } || DefaultSerialModelExecutor.isRunningOnModelActorQueue
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
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while let job = nextJob() {
            let connection = checkOut()
            job(connection)
            checkIn(connection)
        }
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

    /// An idle connection, a new one while fewer than `size` exist, or the next one returned.
    private func checkOut() -> PooledConnection {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let connection = idleConnections.popLast() { return connection }
            if connections < size {
                connections += 1
                return PooledConnection(open: open)
            }
            condition.wait()
        }
    }

    private func checkIn(_ connection: PooledConnection) {
        condition.lock()
        guard !isShutDown else {
            connections -= 1
            condition.unlock()
            connection.close()
            return
        }
        idleConnections.append(connection)
        condition.broadcast()
        condition.unlock()
    }
}

/// A job's result, handed from the worker to the waiting caller (the semaphore orders access).
private final class Outcome<Value>: @unchecked Sendable {
    var value: Result<Value, any Error>?
}
