import StrataSQL

extension PostgresStore {
    /// Drops a namespace (a PostgreSQL schema) and every table, sequence and row in it, as
    /// `DROP SCHEMA … CASCADE` does; nothing happens when it does not exist. For tools that give
    /// each run its own namespace (`strata conformance --store postgres://…`).
    /// - Throws: ``PostgresError``.
    public static func dropNamespace(_ namespace: String, settings: PostgresConnectionSettings) throws {
        let connection = try PostgresConnection(settings: settings)
        defer { connection.close() }
        _ = try connection.execute("SET client_min_messages TO warning")
        _ = try connection.execute("DROP SCHEMA IF EXISTS \(PostgresDialect().quote(namespace)) CASCADE")
    }
}
