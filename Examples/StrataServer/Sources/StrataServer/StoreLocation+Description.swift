import StrataPostgres

extension StoreLocation: CustomStringConvertible {
    /// The location for a message: a PostgreSQL URL with its password replaced by `***`.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): (try? PostgresConfiguration(url: url))?.settings.description ?? "postgres://…"
        }
    }

    /// What to check when the store cannot be opened.
    var remedy: String {
        switch self {
        case .sqlite: "Check that the file's directory exists and is writable, or set STRATA_STORE to another path"
        case .postgres: "Check that PostgreSQL runs at that address and that the URL's user, password and database are right, or set STRATA_STORE"
        }
    }
}
