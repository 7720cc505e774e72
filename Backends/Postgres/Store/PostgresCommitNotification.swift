import StrataCore

/// The `pg_notify` a write sends once it has committed, as a statement of its own: the server
/// delivers it to the channel's listeners at once
/// (<https://www.postgresql.org/docs/current/sql-notify.html>).
///
/// Not inside the write's transaction: a transaction that notifies holds PostgreSQL's
/// notification-queue lock from its commit's start until its commit record is flushed, so
/// concurrent writes could not share a WAL flush (pgbench, 16 clients, 2 cores: 0.21–0.40× the
/// transactions/s of plain writes inside, 0.69–0.76× after the commit). The price: when the
/// connection dies between `COMMIT` and the notification, that commit is announced only by the
/// next one (listeners read the history from their last token, so they miss no transaction).
struct PostgresCommitNotification<Result> {
    /// The store's ``PostgresStore/commitChannel``.
    let channel: String
    /// The history token of the write, from its result; its number is the payload (empty without one).
    let token: (Result) -> DefaultHistoryToken?

    /// Announces the write that produced `result`, committed on `connection`. A failure is
    /// ignored: the write stands, and the next announcement covers it.
    func announce(_ result: Result, on connection: PostgresConnection) {
        let payload = token(result).map { String($0.tokenValue) } ?? ""
        guard let channel = try? PostgresParameter(.string(channel)), let payload = try? PostgresParameter(.string(payload)) else { return }
        _ = try? connection.executePrepared("SELECT pg_notify($1, $2)", [channel, payload])
    }
}
