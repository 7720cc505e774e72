import StrataCore

/// A file that is not an SQLite database, or a damaged one, is a container load issue.
extension SQLiteError: StoreLoadIssue {
    public var isStoreLoadIssue: Bool { category == .corrupt }
}
