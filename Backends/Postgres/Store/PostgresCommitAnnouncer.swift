import StrataCore
import Synchronization

/// Announces a store's commits on its ``PostgresStore/commitChannel`` with `pg_notify`, as a
/// statement of its own after `COMMIT`, and never more than one at a time: a commit made while an
/// announcement is on its way is covered by the next one, which a pool worker sends as soon as
/// that one is done. Every commit is followed by an announcement sent after it; a busy store
/// sends far fewer than one per commit.
///
/// Not inside the write's transaction: a transaction that notifies holds PostgreSQL's
/// notification-queue lock from its commit's start until its commit record is flushed, so
/// concurrent writes could not share a WAL flush (pgbench, 16 clients, 2 cores: 0.21–0.40× the
/// transactions/s of plain writes inside, 0.69–0.76× after the commit). And not one per commit:
/// each announcement is a transaction with a commit record of its own, and a round trip the
/// write's caller waits for. The payload is the newest history token announced (empty without
/// history); listeners read the history from their own last token, so it is only a hint. When
/// an announcement fails (the connection died), the next commit's covers it.
final class PostgresCommitAnnouncer: Sendable {
    private struct State {
        /// Whether an announcement is being sent, or queued for a worker.
        var sending = false
        /// Whether a commit came while one was being sent, so another must follow.
        var owed = false
        /// The newest history token of an announced commit.
        var newestToken: Int64?
    }

    /// The channel the announcements go to.
    let channel: String
    private let pool: PostgresWorkerPool
    private let state = Mutex(State())

    /// Announces on `channel`; follow-up announcements run on `pool`'s workers.
    init(channel: String, pool: PostgresWorkerPool) {
        self.channel = channel
        self.pool = pool
    }

    /// Announces the commit just made on `connection` (whose history token is `token`): on that
    /// connection when no announcement is under way, otherwise by the one that follows it.
    func announce(_ token: DefaultHistoryToken?, on connection: PostgresConnection) {
        let payload = state.withLock { state -> String? in
            if let token { state.newestToken = max(state.newestToken ?? token.tokenValue, token.tokenValue) }
            guard !state.sending else {
                state.owed = true
                return nil
            }
            state.sending = true
            return Self.payload(state.newestToken)
        }
        guard let payload else { return }
        send(payload, on: connection)
        sendOwedAnnouncement()
    }

    /// Once an announcement is sent: queues the next one when a commit came meanwhile, or
    /// lets the next commit announce itself.
    private func sendOwedAnnouncement() {
        let owed = state.withLock { state -> Bool in
            state.sending = state.owed
            state.owed = false
            return state.sending
        }
        guard owed else { return }
        do {
            try pool.runDetached({ [self] pooled in
                // Commits from here on are covered by this announcement or owe the next one.
                let payload = state.withLock { state in
                    state.owed = false
                    return Self.payload(state.newestToken)
                }
                if let connection = try? pooled.connection() { send(payload, on: connection) }
                sendOwedAnnouncement()
            }, refused: { [self] _ in state.withLock { $0.sending = false } })
        } catch {
            // The pool is shut down: its store writes nothing more to announce.
            state.withLock { $0.sending = false }
        }
    }

    private func send(_ payload: String, on connection: PostgresConnection) {
        guard let channel = try? PostgresParameter(.string(channel)), let payload = try? PostgresParameter(.string(payload)) else { return }
        _ = try? connection.executePrepared("SELECT pg_notify($1, $2)", [channel, payload])
    }

    private static func payload(_ token: Int64?) -> String { token.map { String($0) } ?? "" }
}
