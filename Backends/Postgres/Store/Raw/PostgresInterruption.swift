import Synchronization

/// Whether the call running on a connection was asked to stop: its task was cancelled.
///
/// The pool makes one per call. A task's cancellation handler calls ``requestCancellation()``
/// from any thread; the connection asks ``isRequested`` before sending each statement and while
/// it waits for the server, and then stops the call (docs/server.md, "Cancellation"). A call
/// running on its task's own thread (a model actor's queue) is seen cancelled through that task
/// as well.
final class PostgresInterruption: Sendable {
    private struct State {
        var requested = false
        /// When the connection acted on the request: refused a statement or cancelled one.
        var honouredAt: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    init() {}

    /// Asks the call to stop; safe from any thread.
    func requestCancellation() {
        state.withLock { $0.requested = true }
    }

    /// Whether the call should stop: cancellation was requested, or the task whose thread runs
    /// the call was cancelled.
    var isRequested: Bool {
        state.withLock { $0.requested } || withUnsafeCurrentTask { $0?.isCancelled ?? false }
    }

    /// Records that the connection stopped the call for the request (the first time only).
    func honour() {
        state.withLock { $0.honouredAt = $0.honouredAt ?? .now }
    }

    /// When the connection stopped the call; `nil` while it was not. A call stopped this way
    /// fails with `CancellationError`, whatever error the server gave the statement it cancelled.
    var honouredAt: ContinuousClock.Instant? { state.withLock { $0.honouredAt } }
}
