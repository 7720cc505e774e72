import StrataCore

/// What a write announces once it has committed: its history token, which `token` finds in its
/// result, through the store's ``PostgresCommitAnnouncer``.
struct PostgresCommitNotification<Result> {
    /// The store's announcer.
    let announcer: PostgresCommitAnnouncer
    /// The history token of the write, from its result; `nil` without one.
    let token: (Result) -> DefaultHistoryToken?

    /// Announces the write that produced `result`, committed on `connection`. A failure is
    /// ignored: the write stands, and the next announcement covers it.
    func announce(_ result: Result, on connection: PostgresConnection) {
        announcer.announce(token(result), on: connection)
    }
}
