import StrataSQL

extension PostgresStore {
    /// Drops a namespace (a PostgreSQL schema) and every table, sequence and row in it, as
    /// `DROP SCHEMA … CASCADE` does; nothing happens when it does not exist. For tools that give
    /// each run its own namespace (`strata conformance --store postgres://…`).
    /// - Throws: ``PostgresError``.
    public static func dropNamespace(_ namespace: String, settings: PostgresConnectionSettings) throws {
        try dropNamespaces([namespace], settings: settings)
    }

    /// Drops several namespaces as ``dropNamespace(_:settings:)`` does, one statement each, on one
    /// connection: a tool that made hundreds pays for one login, not one per namespace.
    /// - Throws: ``PostgresError``; the namespaces before the failing one are dropped.
    public static func dropNamespaces(_ namespaces: [String], settings: PostgresConnectionSettings) throws {
        guard !namespaces.isEmpty else { return }
        let connection = try PostgresConnection(settings: settings)
        defer { connection.close() }
        _ = try connection.execute("SET client_min_messages TO warning")
        for namespace in namespaces {
            _ = try connection.execute("DROP SCHEMA IF EXISTS \(PostgresDialect().quote(namespace)) CASCADE")
        }
    }
}
