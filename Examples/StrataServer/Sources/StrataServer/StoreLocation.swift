import Foundation
import Strata
import StrataPostgres
import StrataSync

/// Where the service keeps its data, from `STRATA_STORE` or the first argument:
/// `postgres://user@host:5432/db` (or `postgresql://`), `sqlite:/var/lib/todo.sqlite`, or a plain
/// SQLite path. Only this choice differs between the two stores; routes and models are the same.
public enum StoreLocation: Equatable, Sendable {
    /// A SQLite database file.
    case sqlite(path: String)
    /// A PostgreSQL database, by libpq URL.
    case postgres(url: String)

    /// Reads a store location.
    /// - Throws: ``StoreLocationError`` for an empty value or a URL scheme other than PostgreSQL's.
    public init(_ text: String) throws {
        let value = text.trimmingCharacters(in: .whitespaces)
        let lowercased = value.lowercased()
        if lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://") {
            self = .postgres(url: value)
        } else if lowercased.hasPrefix("sqlite:") {
            // `sqlite:///abs` has an empty authority; `sqlite:/abs` and `sqlite:rel` have none.
            let path = value.dropFirst("sqlite:".count)
            self = .sqlite(path: String(path.hasPrefix("///") ? path.dropFirst(2) : path))
        } else if value.contains("://") {
            throw StoreLocationError(text: text)
        } else {
            self = .sqlite(path: value)
        }
        if case .sqlite(let path) = self, path.isEmpty { throw StoreLocationError(text: text) }
    }

    /// A container for the service's models in this store (created and migrated as needed).
    /// - Throws: the store's error when it cannot be opened.
    public func makeContainer() throws -> ModelContainer {
        let schema = Schema([Project.self, Item.self, Note.self, ReplicationReceipt.self])
        switch self {
        case .sqlite(let path):
            return try ModelContainer(for: schema, configurations: SQLiteConfiguration(path: path))
        case .postgres(let url):
            return try ModelContainer(for: schema, configurations: PostgresConfiguration(url: url))
        }
    }

    /// The forms a store location takes, for messages.
    static let accepted = "sqlite:/path/to/file.sqlite, a plain path, or a postgres:// URL"
}

/// A store location that is neither a SQLite path nor a PostgreSQL URL.
public struct StoreLocationError: Error, CustomStringConvertible {
    /// The value given.
    public let text: String
    /// What was expected.
    public var description: String {
        "STRATA_STORE must be \(StoreLocation.accepted); got '\(text)'"
    }
}
