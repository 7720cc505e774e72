import Foundation
import Logging
import StrataCore

/// Configures a ``SQLiteStore``: a database file, or a private in-memory database.
///
/// ```swift
/// let container = try ModelContainer(for: Trip.self, configurations: SQLiteConfiguration(path: "trips.sqlite"))
/// ```
public struct SQLiteConfiguration: LoggingDataStoreConfiguration {
    public typealias Store = SQLiteStore

    /// Where the database lives.
    public enum Location: Hashable, Sendable {
        /// A database file, created when missing.
        case file(URL)
        /// A database private to the store, gone when the store is released.
        case inMemory
    }

    public var name: String
    public var schema: Schema?
    public var location: Location
    /// How long a connection waits for another process's lock before failing, in milliseconds.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// The most read connections a file store opens (reads run concurrently in WAL mode).
    public var maximumReaders = 4
    /// Whether saves record their history (``HistoryRecording``, docs/changes.md), in the same
    /// transaction as the data. On by default, as in SwiftData.
    public var recordsHistory = true
    /// Opens the database for reading only: saves, batch deletes and `erase()` throw
    /// ``SQLiteError/Kind/readOnly``, and opening never writes, so the file must already hold the
    /// schema's tables. A file this process cannot write opens this way even when `false`.
    /// See docs/sqlite.md for WAL on read-only media.
    public var readOnly = false
    /// Where the store logs: each statement's SQL at `debug` (never its bound values), and, on
    /// PostgreSQL, a warning the first time a synchronous call blocks a thread of Swift's
    /// cooperative pool. `nil` (the default) uses the container's logger.
    public var logger: Logger?
    /// Called with the SQL text of every statement the store runs (bound values are never
    /// included); for logging and for tests that assert the exact statements.
    public var trace: (@Sendable (String) -> Void)?

    /// A store in the database file at `url`, read-only when `readOnly` is `true`.
    public init(url: URL, name: String? = nil, schema: Schema? = nil, readOnly: Bool = false) {
        self.name = name ?? url.path
        self.schema = schema
        self.location = .file(url)
        self.readOnly = readOnly
    }

    /// A store in the database file at `path`, read-only when `readOnly` is `true`.
    public init(path: String, schema: Schema? = nil, readOnly: Bool = false) {
        self.init(url: URL(fileURLWithPath: path), schema: schema, readOnly: readOnly)
    }

    /// A store in a private in-memory database.
    public static func inMemory(name: String = "sqlite-memory-\(UUID().uuidString)", schema: Schema? = nil) -> SQLiteConfiguration {
        var configuration = SQLiteConfiguration(url: URL(fileURLWithPath: "/dev/null"), name: name, schema: schema)
        configuration.location = .inMemory
        return configuration
    }

    public static func == (lhs: SQLiteConfiguration, rhs: SQLiteConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}

extension SQLiteConfiguration: HistoryRecordingConfiguration {}
