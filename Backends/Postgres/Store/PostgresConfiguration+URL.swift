import StrataCore

extension PostgresConfiguration {
    /// The query parameters that configure the store rather than the connection.
    static let urlParameters: Set<String> = [
        "pool_size", "pool_timeout", "pool_idle_timeout", "pool_max_lifetime", "pgbouncer", "replicas", "replica_wait_timeout",
        "response_timeout", "history",
    ]

    /// A store on the server a `postgres://user@host:port/database?sslmode=…` URL names.
    ///
    /// Beside the connection's parameters (``PostgresConnectionSettings/init(url:)``), the URL may
    /// configure the store:
    ///
    /// | parameter | meaning | default |
    /// | --- | --- | --- |
    /// | `pool_size` | ``poolSize`` | 8 |
    /// | `pool_timeout` | ``checkOutTimeout``, in seconds (0: none) | 30 |
    /// | `pool_idle_timeout` | ``idleTimeout``, in seconds (0: none) | 300 |
    /// | `pool_max_lifetime` | ``maxLifetime``, in seconds (0: none) | 3600 |
    /// | `pgbouncer` | `true` for ``transactionPooling`` | `false` |
    /// | `replicas` | ``replicas``: `host:port,host:port`, each with the URL's other settings | none |
    /// | `replica_wait_timeout` | ``replicaWaitTimeout``, in milliseconds | 1000 |
    /// | `response_timeout` | ``responseTimeout``, in seconds (0: none) | `statement_timeout` + 2 s, or 300 |
    /// | `history` | `false` for no ``recordsHistory`` | `true` |
    ///
    /// ```swift
    /// try PostgresConfiguration(url: "postgres://app@db1:5432,db2:5432/shop?target_session_attrs=read-write&pool_size=16")
    /// try PostgresConfiguration(url: "postgres://app@primary/shop?replicas=replica1:5432,replica2:5432")
    /// try PostgresConfiguration(url: "postgres://app@pgbouncer:6432/shop?pgbouncer=true")
    /// ```
    /// Seconds may have a fraction (`pool_timeout=0.5`).
    /// - Throws: ``PostgresError`` (``PostgresError/Kind/invalidConfiguration``) for a malformed URL
    ///   or value.
    public init(url: String, namespace: String? = nil, name: String? = nil, schema: Schema? = nil) throws {
        let (settings, parameters) = try PostgresConnectionSettings.parse(url: url, accepting: Self.urlParameters)
        self.init(settings: settings, namespace: namespace, name: name, schema: schema)
        if let size = parameters["pool_size"] {
            guard let size = Int(size), size > 0 else { throw Self.invalid("pool_size '\(size)' is not a positive number") }
            poolSize = size
        }
        if let timeout = parameters["pool_timeout"] { checkOutTimeout = try Self.seconds(timeout, "pool_timeout") }
        if let timeout = parameters["response_timeout"] { responseTimeout = try Self.seconds(timeout, "response_timeout") }
        if let timeout = parameters["pool_idle_timeout"] { idleTimeout = try Self.seconds(timeout, "pool_idle_timeout") }
        if let lifetime = parameters["pool_max_lifetime"] { maxLifetime = try Self.seconds(lifetime, "pool_max_lifetime") }
        if let history = parameters["history"] {
            guard let flag = Bool(history) else { throw Self.invalid("history '\(history)' is not true or false") }
            recordsHistory = flag
        }
        if let pgbouncer = parameters["pgbouncer"] {
            guard let flag = Bool(pgbouncer) else { throw Self.invalid("pgbouncer '\(pgbouncer)' is not true or false") }
            transactionPooling = flag
        }
        if let list = parameters["replicas"] {
            replicas = try list.split(separator: ",").map { address in
                let endpoint = try PostgresConnectionSettings(url: "postgres://replica@\(address)").endpoints
                return try settings.with(endpoints: endpoint)
            }
        }
        if let wait = parameters["replica_wait_timeout"] {
            guard let milliseconds = Int(wait), milliseconds >= 0 else {
                throw Self.invalid("replica_wait_timeout '\(wait)' is not a number of milliseconds")
            }
            replicaWaitTimeout = .milliseconds(milliseconds)
        }
    }

    /// A number of seconds, with an optional fraction; 0 means no limit.
    private static func seconds(_ text: String, _ name: String) throws -> Duration? {
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw invalid("\(name) '\(text)' is not a number of seconds")
        }
        return seconds == 0 ? nil : .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    private static func invalid(_ message: String) -> PostgresError {
        PostgresConnectionSettings.invalid(message)
    }
}
