import Foundation
import Logging
import StrataCore
import Synchronization

/// The store's connections to one server and its own threads, so libpq's blocking calls never
/// run on Swift's cooperative thread pool.
///
/// - A caller that may block — a thread outside Swift concurrency, or a model actor's own
///   queue (``DefaultSerialModelExecutor``) — runs its work on its own thread with a checked-out
///   connection: no hand-off, no extra wake-up.
/// - Any other caller (a task on the cooperative pool, another actor) hands the work to one of
///   the store's worker threads and waits for it; an `async` caller suspends and holds no thread.
///
/// At most ``Limits/size`` connections are open; workers start on demand, up to that many. A
/// caller that finds no free connection within ``Limits/checkOutTimeout`` fails with
/// ``PostgresError/Kind/checkOutTimeout``. An idle connection is closed after
/// ``Limits/idleTimeout``, any connection once it is older than ``Limits/maxLifetime``, and a
/// connection seen to die when it is handed back. ``shutdown()`` refuses new work, lets the
/// work already taken finish, then closes every connection and ends every worker.
///
/// A call whose task is cancelled stops (docs/server.md, "Cancellation"): still queued, it is
/// dropped; running, its connection refuses its next statement or cancels the one the server
/// runs (``PostgresInterruption``). It then fails with `CancellationError`, unless it had
/// already committed, when it returns its result.
final class PostgresWorkerPool: @unchecked Sendable {
    typealias Job = (PooledConnection) -> Void

    /// How many connections the pool keeps, and for how long.
    struct Limits: Sendable {
        /// The most connections (and worker threads) open at once.
        var size: Int
        /// The longest a caller waits for a connection; `nil` waits as long as it takes.
        var checkOutTimeout: Duration?
        /// How long a connection may sit unused before it is closed; `nil` keeps it.
        var idleTimeout: Duration?
        /// How long a connection may live before it is closed (when next idle); `nil` keeps it.
        var maxLifetime: Duration?
    }

    /// Work waiting for a worker and a connection.
    private struct QueuedJob {
        let enqueued: ContinuousClock.Instant
        let run: Job
        /// Fails the job without running it (its check-out timed out, or it was cancelled).
        let refuse: (any Error) -> Void
        /// The call's cancellation, which the connection running it watches.
        let interruption: PostgresInterruption
    }

    let limits: Limits
    let metrics: PostgresPoolMetrics
    private let open: @Sendable () throws -> PostgresConnection
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [QueuedJob] = []
    /// Whether a timer will refuse the queued jobs whose check-out timeout passed.
    private var expiryScheduled = false
    private var workers = 0
    private var idleWorkers = 0
    private var idleConnections: [PooledConnection] = []
    private var connections = 0
    private var callersWaiting = 0
    private var isShutDown = false
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []
    private let logger: Logger
    /// Whether a synchronous call from the cooperative pool was warned about (once per pool).
    private let warnedAboutBlocking = Atomic<Bool>(false)

    /// - Parameters:
    ///   - logger: where the first synchronous call that blocks a cooperative thread is warned about.
    ///   - open: opens and configures a new connection, on the thread that first uses it.
    init(
        limits: Limits, metrics: PostgresPoolMetrics, logger: Logger = ModelContainer.silentLogger,
        open: @escaping @Sendable () throws -> PostgresConnection
    ) {
        self.limits = Limits(
            size: max(limits.size, 1), checkOutTimeout: limits.checkOutTimeout, idleTimeout: limits.idleTimeout,
            maxLifetime: limits.maxLifetime)
        self.metrics = metrics
        self.logger = logger
        self.open = open
    }

    deinit { close() }

    /// Runs `body` with a connection and returns its result: on the calling thread when it may
    /// block, otherwise on a worker while the caller waits.
    /// A caller in a task that is cancelled stops it: see the type's discussion.
    /// - Throws: what `body` throws; ``PostgresError/Kind/checkOutTimeout`` when no connection
    ///   became free in time; ``PostgresError/Kind/shutDown`` once ``shutdown()`` began;
    ///   `CancellationError` when the caller's task was cancelled before the call committed.
    func run<Result>(_ body: @escaping (PooledConnection) throws -> Result) throws -> Result {
        let interruption = PostgresInterruption()
        if Self.callerMayBlock { return try runHere(body, interruption: interruption) }
        warnOnceAboutBlocking()
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        try submit(
            run: { connection in
                outcome.value = Self.outcome(of: body, on: connection, interruption: interruption)
                done.signal()
            },
            refuse: { error in
                outcome.value = .failure(error)
                done.signal()
            },
            interruption: interruption)
        // The waiting thread is the task's own: it looks at the task's cancellation between slices.
        var cancelled = false
        while done.wait(timeout: .now() + .milliseconds(Int(PostgresConnection.waitSlice))) == .timedOut {
            if !cancelled, Task.isCancelled {
                cancelled = true
                cancel(interruption)
            }
        }
        return try outcome.value!.get()
    }

    /// Runs `body` with a connection on the calling thread, whoever calls: for opening the store,
    /// whose (synchronous) caller waits for it either way; it is not warned about. With an
    /// `interruption`, the call stops when it is cancelled or the calling task is.
    /// - Throws: as ``run(_:)``.
    func runHere<Result>(_ body: (PooledConnection) throws -> Result, interruption: PostgresInterruption? = nil) throws -> Result {
        let connection = try checkOut(interruption: interruption)
        defer { checkIn(connection) }
        guard let interruption else { return try body(connection) }
        return try Self.outcome(of: body, on: connection, interruption: interruption).get()
    }

    /// What `body` gives on `connection` while it watches `interruption`: a failure after the
    /// call was stopped for its cancellation is a `CancellationError`.
    private static func outcome<Result>(
        of body: (PooledConnection) throws -> Result, on connection: PooledConnection, interruption: PostgresInterruption
    ) -> Swift.Result<Result, any Error> {
        connection.interruption = interruption
        defer { connection.interruption = nil }
        return Swift.Result { try body(connection) }.mapError { interruption.honouredAt == nil ? $0 : CancellationError() }
    }

    /// Stops the call of `interruption`: drops it while it is queued, and otherwise asks the
    /// connection running it to stop.
    private func cancel(_ interruption: PostgresInterruption) {
        interruption.requestCancellation()
        condition.lock()
        let index = jobs.firstIndex { $0.interruption === interruption }
        let dropped = index.map { jobs.remove(at: $0) }
        let waiters = takeDrainWaitersIfDrained()
        condition.unlock()
        dropped?.refuse(CancellationError())
        for waiter in waiters { waiter.resume() }
    }

    /// The rule of docs/server.md, said once in the log: a synchronous call from a task holds a
    /// thread of Swift's cooperative pool (a few per machine) until the server answers.
    private func warnOnceAboutBlocking() {
        guard !warnedAboutBlocking.exchange(true, ordering: .relaxed) else { return }
        logger.warning(
            "a synchronous PostgreSQL call ran on Swift's cooperative pool and blocks its thread until the server answers; use the async ModelContext calls (await) or a @ModelActor in tasks (docs/server.md)")
    }

    /// Runs `body` on a worker; the calling task suspends, and no thread waits for it. A caller
    /// that may block (a model actor's queue) runs it itself: no hand-off.
    /// - Throws: as ``run(_:)``.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (PooledConnection) throws -> Result) async throws -> Result {
        let interruption = PostgresInterruption()
        if Self.callerMayBlock { return try runHere(body, interruption: interruption) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                do {
                    try submit(
                        run: { connection in continuation.resume(with: Self.outcome(of: body, on: connection, interruption: interruption)) },
                        refuse: { continuation.resume(throwing: $0) },
                        interruption: interruption)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            cancel(interruption)
        }
    }

    /// Queues `body` for a worker and returns at once: nothing waits for it. `refused` is called
    /// instead when no connection became free within the check-out timeout.
    /// - Throws: ``PostgresError/Kind/shutDown`` once ``shutdown()`` began.
    func runDetached(_ body: @escaping (PooledConnection) -> Void, refused: @escaping (any Error) -> Void) throws {
        try submit(run: body, refuse: refused, interruption: PostgresInterruption())
    }

    /// Refuses new work, waits until the work already taken (running or queued) has finished,
    /// then closes every connection; the workers end.
    func shutdown() async {
        for connection in beginShutdown() { connection.close() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            guard isDrained else {
                drainWaiters.append(continuation)
                condition.unlock()
                return
            }
            condition.unlock()
            continuation.resume()
        }
    }

    /// Refuses new work and closes the idle connections without waiting; connections in use
    /// close when they are handed back.
    func close() {
        for connection in beginShutdown() { connection.close() }
    }

    /// Marks the pool shut down and takes its idle connections, for the caller to close.
    private func beginShutdown() -> [PooledConnection] {
        condition.lock()
        defer { condition.unlock() }
        isShutDown = true
        let idle = idleConnections
        idleConnections = []
        connections -= idle.count
        condition.broadcast()
        return idle
    }

    /// Whether blocking the calling thread stalls no Swift task: it runs no task at all, or it
    /// is a model actor's own queue.
    private static var callerMayBlock: Bool {
        withUnsafeCurrentTask { $0 == nil } || DefaultSerialModelExecutor.isRunningOnModelActorQueue
    }

    private func submit(run: @escaping Job, refuse: @escaping (any Error) -> Void, interruption: PostgresInterruption) throws {
        condition.lock()
        guard !isShutDown else {
            condition.unlock()
            throw Self.shutDownError
        }
        jobs.append(QueuedJob(enqueued: .now, run: run, refuse: refuse, interruption: interruption))
        // Each idle worker takes one queued job; more jobs than that need another worker.
        if jobs.count > idleWorkers, workers < limits.size {
            workers += 1
            let thread = Thread { [self] in work() }
            thread.name = "strata.postgres.worker"
            thread.start()
        }
        scheduleExpiry()
        condition.broadcast()
        condition.unlock()
    }

    /// Schedules one timer for the oldest queued job's check-out deadline, unless one is
    /// scheduled or nothing waits. One timer at a time, not one per job: jobs queue in order, so
    /// the oldest expires first. Call with the lock held.
    private func scheduleExpiry() {
        guard let timeout = limits.checkOutTimeout, !expiryScheduled, let oldest = jobs.first else { return }
        expiryScheduled = true
        let delay = max((oldest.enqueued + timeout - .now).inSeconds, 0)
        Self.timeouts.asyncAfter(deadline: .now() + delay) { [weak self] in self?.expireOverdueJobs() }
    }

    /// Refuses, with a check-out timeout, every queued job that waited past it.
    private func expireOverdueJobs() {
        condition.lock()
        expiryScheduled = false
        let now = ContinuousClock.now
        let overdue = jobs.prefix { now - $0.enqueued >= limits.checkOutTimeout ?? .zero }
        jobs.removeFirst(overdue.count)
        scheduleExpiry()
        let waiters = takeDrainWaitersIfDrained()
        condition.unlock()
        for job in overdue { job.refuse(Self.checkOutTimeoutError(limits.checkOutTimeout)) }
        for waiter in waiters { waiter.resume() }
    }

    private func work() {
        while let (job, connection) = nextJob() {
            job.run(connection)
            checkIn(connection)
        }
    }

    /// The next job with a connection to run it on; `nil` once the pool is shut down and no job
    /// is left. While idle, the worker closes connections that passed their limits.
    private func nextJob() -> (QueuedJob, PooledConnection)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if !jobs.isEmpty, let connection = takeConnection() {
                let job = jobs.removeFirst()
                metrics.waited(.now - job.enqueued)
                return (job, connection)
            }
            if jobs.isEmpty, isShutDown {
                workers -= 1
                return nil
            }
            idleWorkers += 1
            if let expiry = nextExpiry() {
                _ = condition.wait(until: Date(timeIntervalSinceNow: (expiry - .now).inSeconds))
            } else {
                condition.wait()
            }
            idleWorkers -= 1
            closeExpiredIdleConnections()
        }
    }

    /// An idle connection or a new one, for a caller that runs its work on its own thread. With
    /// an `interruption`, the wait looks at the call's cancellation between short slices.
    /// - Throws: ``PostgresError/Kind/checkOutTimeout``, ``PostgresError/Kind/shutDown``, or
    ///   `CancellationError` once the call is cancelled while it waits.
    private func checkOut(interruption: PostgresInterruption? = nil) throws -> PooledConnection {
        let started = ContinuousClock.now
        let deadline = limits.checkOutTimeout.map { Date(timeIntervalSinceNow: $0.inSeconds) }
        let slice = Double(PostgresConnection.waitSlice) / 1_000
        condition.lock()
        defer { condition.unlock() }
        guard !isShutDown else { throw Self.shutDownError }
        callersWaiting += 1
        defer { callersWaiting -= 1 }
        while true {
            if let connection = takeConnection() {
                metrics.waited(.now - started)
                return connection
            }
            if interruption?.isRequested == true { throw CancellationError() }
            let wakeUp = interruption == nil ? deadline : min(deadline ?? .distantFuture, Date(timeIntervalSinceNow: slice))
            if let wakeUp {
                let signalled = condition.wait(until: wakeUp)
                guard signalled || deadline.map({ Date() < $0 }) ?? true || !idleConnections.isEmpty || connections < limits.size else {
                    throw Self.checkOutTimeoutError(limits.checkOutTimeout)
                }
            } else {
                condition.wait()
            }
        }
    }

    /// An idle connection within its limits, or a new one while fewer than `size` exist; `nil`
    /// when every connection is in use. Call with the lock held.
    private func takeConnection() -> PooledConnection? {
        closeExpiredIdleConnections()
        if let connection = idleConnections.popLast() { return connection }
        guard connections < limits.size else { return nil }
        connections += 1
        return PooledConnection(metrics: metrics, open: open)
    }

    /// Takes a connection back: kept for the next caller, unless it died, passed its lifetime or
    /// the pool is shutting down, when it is closed.
    private func checkIn(_ connection: PooledConnection) {
        condition.lock()
        connection.lastUsed = .now
        let keep = !isShutDown && connection.isOpenAndAlive && !isPastLifetime(connection, at: .now)
        if keep {
            idleConnections.append(connection)
        } else {
            connections -= 1
        }
        let waiters = takeDrainWaitersIfDrained()
        condition.broadcast()
        condition.unlock()
        if !keep { connection.close() }
        for waiter in waiters { waiter.resume() }
    }

    /// Whether a shut-down pool has no work left: nothing queued, running or waiting. Call with the lock held.
    private var isDrained: Bool {
        jobs.isEmpty && connections == idleConnections.count && callersWaiting == 0
    }

    private func takeDrainWaitersIfDrained() -> [CheckedContinuation<Void, Never>] {
        guard isShutDown, isDrained else { return [] }
        defer { drainWaiters = [] }
        return drainWaiters
    }

    /// Closes the idle connections past their idle or lifetime limit (the least recently used
    /// are first in the list). Call with the lock held.
    private func closeExpiredIdleConnections() {
        guard limits.idleTimeout != nil || limits.maxLifetime != nil else { return }
        let now = ContinuousClock.now
        idleConnections.removeAll { connection in
            guard isPastLifetime(connection, at: now) || limits.idleTimeout.map({ now - connection.lastUsed >= $0 }) == true else {
                return false
            }
            connection.close()
            connections -= 1
            return true
        }
    }

    /// When the next idle connection passes a limit, if any will. Call with the lock held: every
    /// worker that goes idle asks, so it allocates nothing.
    private func nextExpiry() -> ContinuousClock.Instant? {
        var earliest: ContinuousClock.Instant?
        func consider(_ instant: ContinuousClock.Instant) {
            if earliest.map({ instant < $0 }) ?? true { earliest = instant }
        }
        for connection in idleConnections {
            if let idleTimeout = limits.idleTimeout { consider(connection.lastUsed + idleTimeout) }
            if let lifetime = limits.maxLifetime, let openedAt = connection.openedAt { consider(openedAt + lifetime) }
        }
        return earliest
    }

    private func isPastLifetime(_ connection: PooledConnection, at now: ContinuousClock.Instant) -> Bool {
        guard let lifetime = limits.maxLifetime, let openedAt = connection.openedAt else { return false }
        return now - openedAt >= lifetime
    }

    /// Where check-out timeouts fire: a queue of its own, whose threads the system adds even
    /// when the cooperative pool's are all blocked (the global queues share their limit).
    private static let timeouts = DispatchQueue(label: "strata.postgres.checkout-timeouts")

    private static let shutDownError = PostgresError(kind: .shutDown, message: "the store was shut down and takes no more work", sql: nil)

    private static func checkOutTimeoutError(_ timeout: Duration?) -> PostgresError {
        PostgresError(
            kind: .checkOutTimeout,
            message: "no pooled connection became free within \(timeout.map { "\($0)" } ?? "the timeout"); raise poolSize or checkOutTimeout",
            sql: nil)
    }
}

/// A job's result, handed from the worker to the waiting caller (the semaphore orders access).
private final class Outcome<Value>: @unchecked Sendable {
    var value: Result<Value, any Error>?
}
