import StrataCore

/// The `pg_notify` a write sends inside its transaction: the server delivers it to the
/// channel's listeners when the transaction commits, and drops it when it rolls back
/// (<https://www.postgresql.org/docs/current/sql-notify.html>).
struct PostgresCommitNotification<Result> {
    /// The store's ``PostgresStore/commitChannel``.
    let channel: String
    /// The history token of the write, from its result; its number is the payload (empty without one).
    let token: (Result) -> DefaultHistoryToken?

    /// Queues the notification for the transaction open on `connection`, which wrote `result`.
    /// - Throws: ``PostgresError``.
    func send(for result: Result, on connection: PostgresConnection) throws {
        let payload = token(result).map { String($0.tokenValue) } ?? ""
        _ = try connection.executePrepared("SELECT pg_notify($1, $2)", [try PostgresParameter(.string(channel)), try PostgresParameter(.string(payload))])
    }
}
