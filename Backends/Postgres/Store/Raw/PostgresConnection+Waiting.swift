internal import CLibPQ
import Glibc

/// Waiting for the server with an end: every statement is sent without blocking for its answer,
/// and the connection then waits in short slices, looking at the clock and at its call's
/// cancellation between them (docs/server.md, "Bounded waits" and "Cancellation").
///
/// - Past ``responseTimeout`` the connection is closed and the call fails with
///   ``PostgresError/Kind/responseTimeout``: that holds when the server itself stopped answering,
///   which its own `statement_timeout` cannot catch.
/// - Once the call is cancelled, a statement not yet sent is refused with `CancellationError`;
///   one the server is running is cancelled (`PQcancel`), and the server's answer ends it. A
///   server that does not answer within ``cancellationGrace`` loses the connection instead.
/// - `COMMIT` and `ROLLBACK` run ``ignoringCancellation(_:)``: a commit's outcome must be known,
///   and a rollback is what ends a cancelled transaction.
///
/// Whenever a wait throws, the connection is either healthy or closed: never mid-statement.
extension PostgresConnection {
    /// How long one wait for the server lasts before it looks at the clock and at cancellation again.
    static let waitSlice: Int32 = 20
    /// How long a statement cancelled with `PQcancel` may take to end before the connection is closed.
    static let cancellationGrace: Duration = .seconds(2)

    /// Throws `CancellationError` when the call was cancelled and may still be stopped; nothing
    /// is in flight then, so the connection stays healthy.
    func refuseIfCancelled() throws {
        guard cancellable, let interruption, interruption.isRequested else { return }
        interruption.honour()
        throw CancellationError()
    }

    /// Runs `body` with cancellation ignored: for `COMMIT`, whose outcome must be known, and
    /// `ROLLBACK`, which ends a cancelled transaction. ``responseTimeout`` still applies.
    func ignoringCancellation<Result>(_ body: () throws -> Result) rethrows -> Result {
        let was = cancellable
        cancellable = false
        defer { cancellable = was }
        return try body()
    }

    /// The next result of what was sent, or `nil` after a statement's last one (as `PQgetResult`),
    /// once the server has answered.
    /// - Throws: ``PostgresError/Kind/responseTimeout`` or `CancellationError` (the connection
    ///   closed); ``PostgresError`` when the connection broke.
    func nextResult(_ handle: OpaquePointer, sql: String) throws -> OpaquePointer? {
        try awaitAnswer(handle, sql: sql)
        return PQgetResult(handle)
    }

    /// The outcome of the one statement just sent, as `PQexec` reports it: its first error, or
    /// else its last result; a `COPY` state at once (the caller goes on with the copy).
    /// - Throws: as ``nextResult(_:sql:)``.
    func outcome(of handle: OpaquePointer, sql: String) throws -> OpaquePointer? {
        var kept: OpaquePointer?
        while let next = try nextResult(handle, sql: sql) {
            let status = PQresultStatus(next)
            if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH {
                PQclear(kept)
                return next
            }
            if let kept, PQresultStatus(kept) == PGRES_FATAL_ERROR {
                PQclear(next)
            } else {
                PQclear(kept)
                kept = next
            }
        }
        return kept
    }

    /// Waits until a result can be read without blocking, within ``responseTimeout``, cancelling
    /// the statement once the call is cancelled.
    private func awaitAnswer(_ handle: OpaquePointer, sql: String) throws {
        guard PQisBusy(handle) == 1 else { return }
        let started = ContinuousClock.now
        while PQisBusy(handle) == 1 {
            let now = ContinuousClock.now
            if cancellable, let interruption {
                if let cancelledAt = interruption.honouredAt {
                    if now - cancelledAt >= Self.cancellationGrace {
                        close()
                        throw CancellationError()
                    }
                } else if interruption.isRequested {
                    interruption.honour()
                    sendCancel(handle)
                }
            }
            if let responseTimeout, now - started >= responseTimeout {
                close()
                throw PostgresError(
                    kind: .responseTimeout,
                    message: "the server did not answer within \(responseTimeout) (responseTimeout); the connection was closed, "
                        + "so a transaction it had open is rolled back",
                    sql: sql)
            }
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            // A failed or interrupted poll (EINTR) only ends this slice early.
            _ = poll(&descriptor, 1, Self.waitSlice)
            guard PQconsumeInput(handle) == 1 else { throw connectionError(sql: sql, parameters: []) }
        }
    }

    /// Asks the server to cancel the statement running on this connection. The server answers
    /// the statement with SQLSTATE 57014; if the request cannot be delivered,
    /// ``cancellationGrace`` ends the wait.
    private func sendCancel(_ handle: OpaquePointer) {
        guard let cancel = PQgetCancel(handle) else { return }
        defer { PQfreeCancel(cancel) }
        var message = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &message, Int32(message.count))
    }
}
