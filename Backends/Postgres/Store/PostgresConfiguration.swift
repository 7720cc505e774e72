import Foundation
import Logging
import StrataCore

/// Configures a ``PostgresStore``: the server, the pool, and the schema (namespace) its
/// tables live in.
///
/// ```swift
/// let configuration = try PostgresConfiguration(url: "postgres://app@db.internal:5432/trips")
/// let container = try ModelContainer(for: Trip.self, configurations: configuration)
/// ```
public struct PostgresConfiguration: LoggingDataStoreConfiguration {
    public typealias Store = PostgresStore

    /// A name for the store, unique within a container.
    public var name: String
    /// The schema the store persists; set by the container.
    public var schema: Schema?
    /// The server, the role and the TLS mode (``PostgresConnectionSettings``).
    public var settings: PostgresConnectionSettings
    /// The PostgreSQL schema holding the store's tables (created when missing); `nil` uses the
    /// role's `search_path` (usually `public`). Several stores can share one database this way.
    public var namespace: String?
    /// The most connections, and threads, the store uses at once.
    public var poolSize = 8
    /// Where the store logs: each statement's SQL at `debug` (never its bound values), and, on
    /// PostgreSQL, a warning the first time a synchronous call blocks a thread of Swift's
    /// cooperative pool. `nil` (the default) uses the container's logger.
    public var logger: Logger?
    /// Called with the SQL text of every statement the store runs (bound values are never included).
    public var trace: (@Sendable (String) -> Void)?
    /// Whether errors may carry bound values in their `debugDescription`. Off by default: bound
    /// values are user data and must not reach logs.
    public var debugBindValues = false

    /// A store on the server described by `settings`.
    public init(settings: PostgresConnectionSettings, namespace: String? = nil, name: String? = nil, schema: Schema? = nil) {
        self.settings = settings
        self.namespace = namespace
        self.name = name ?? "\(settings)" + (namespace.map { "/\($0)" } ?? "")
        self.schema = schema
    }

    /// A store on the server a `postgres://user@host:port/database?sslmode=…` URL names.
    /// - Throws: ``PostgresError`` (``PostgresError/Kind/invalidConfiguration``) for a malformed URL.
    public init(url: String, namespace: String? = nil, name: String? = nil, schema: Schema? = nil) throws {
        self.init(settings: try PostgresConnectionSettings(url: url), namespace: namespace, name: name, schema: schema)
    }

    public static func == (lhs: PostgresConfiguration, rhs: PostgresConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.settings == rhs.settings && lhs.namespace == rhs.namespace
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(settings)
        hasher.combine(namespace)
    }
}
