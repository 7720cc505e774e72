import ArgumentParser
import Foundation

/// The value of a `--store` option: `memory`, a `postgres://` URL, or a SQLite file system path.
enum StoreArgument: Equatable {
    /// The in-memory store (`InMemoryConfiguration`).
    case memory
    /// A SQLite database file, or for `strata conformance` a directory of them.
    case sqlite(URL)
    /// A PostgreSQL connection URL; recognised so the tool can say it is not available yet.
    case postgres(String)

    /// Parses a `--store` value.
    /// - Throws: ``ValidationError`` for an empty value or an unknown URL scheme.
    static func parse(_ argument: String) throws -> StoreArgument {
        let value = argument.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
            throw ValidationError("expected `memory`, a SQLite path, or a postgres:// URL; got an empty value")
        }
        if value.lowercased() == "memory" { return .memory }
        if let schemeEnd = value.range(of: "://") {
            let scheme = value[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "postgres" || scheme == "postgresql" else {
                throw ValidationError("unknown store URL scheme `\(scheme)://`; expected `memory`, a SQLite path, or a postgres:// URL")
            }
            return .postgres(value)
        }
        let expanded = (value as NSString).expandingTildeInPath
        return .sqlite(URL(fileURLWithPath: expanded).standardizedFileURL)
    }
}
