import Foundation
import Logging
import Synchronization
import StrataCore

/// The store's connections and its own threads, so libpq's blocking calls never run on Swift's
/// cooperative thread pool.
///
/// - A caller that may block — a thread outside Swift concurrency, or a model actor's own
///   queue (``DefaultSerialModelExecutor``) — runs its work on its own thread with a checked-out
///   connection: no hand-off, no extra wake-up.
/// - Any other caller (a task on the cooperative pool, another actor) hands the work to one of
///   the store's worker threads and waits for it, blocking its thread (``run(_:)``); an `async`
///   caller suspends and holds no thread (``perform(_:)``, ``offload(_:)``).
///
/// At most `size` connections are open; workers start on demand, up to `size`, and end,
/// closing the connections, at ``shutdown()``.
final class PostgresWorkerPool: @unchecked Sendable {
    typealias Job = () -> Void

    private let size: Int
    private let open: @Sendable () throws -> PostgresConnection
    private let logger: Logger
    /// Whether a synchronous call from the cooperative pool was warned about (once per pool).
    private let warnedAboutBlocking = Atomic<Bool>(false)
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
    ///   - logger: where the first synchronous call that blocks a cooperative thread is warned about.
    ///   - open: opens and configures a new connection, on the thread that first uses it.
    init(size: Int, logger: Logger = ModelContainer.silentLogger, open: @escaping @Sendable () throws -> PostgresConnection) {
        self.size = max(size, 1)
        self.logger = logger
        self.open = open
    }

    deinit { shutdown() }

    /// Runs `body` with a connection and returns its result: on the calling thread when it may
    /// block, otherwise on a worker while the caller waits.
    /// - Throws: what `body` throws.
    func run<Result>(_ body: @escaping (PooledConnection) throws -> Result) throws -> Result {
        if Self.callerMayBlock { return try withConnection(body) }
        warnOnceAboutBlocking()
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        submit {
            outcome.value = Swift.Result { try self.withConnection(body) }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }

    /// Runs `body` with a connection on the calling thread, whoever calls: for opening the store,
    /// whose (synchronous) caller waits for it either way; it is not warned about.
    /// - Throws: what `body` throws.
    func runOpening<Result>(_ body: (PooledConnection) throws -> Result) throws -> Result {
        try withConnection(body)
    }

    /// Runs `body` on a worker; the calling task suspends, and no thread waits for it.
    /// - Throws: what `body` throws.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (PooledConnection) throws -> Result) async throws -> Result {
        try await offload { try self.withConnection(body) }
    }

    /// Runs `body`, which makes blocking calls (``run(_:)`` among them), on a worker thread while
    /// the calling task suspends; a caller that may block runs it itself.
    /// - Throws: what `body` throws.
    func offload<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        if Self.callerMayBlock { return try body() }
        return try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// The rule of docs/server.md, said once in the log: a synchronous call from a task holds a
    /// thread of Swift's cooperative pool (a few per machine) until the server answers.
    private func warnOnceAboutBlocking() {
        guard !warnedAboutBlocking.exchange(true, ordering: .relaxed) else { return }
        logger.warning(
            "a synchronous PostgreSQL call ran on Swift's cooperative pool and blocks its thread until the server answers; use the async ModelContext calls (await) or a @ModelActor in tasks (docs/server.md)")
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
        while let job = nextJob() { job() }
    }

    private func withConnection<Result>(_ body: (PooledConnection) throws -> Result) throws -> Result {
        let connection = checkOut()
        defer { checkIn(connection) }
        return try body(connection)
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
