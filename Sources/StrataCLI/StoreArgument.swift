import ArgumentParser
import Foundation

/// The value of a `--store` option: `memory`, a `postgres://` URL, a `sqlite:` URL or a SQLite
/// file system path.
enum StoreArgument: Equatable {
    /// The in-memory store (`InMemoryConfiguration`).
    case memory
    /// A SQLite database file, or for `strata conformance` a directory of them.
    case sqlite(URL)
    /// A PostgreSQL connection URL, passed to `PostgresConfiguration(url:)` as written.
    case postgres(String)

    /// Parses a `--store` value.
    ///
    /// `sqlite:/data/app.sqlite` and `sqlite:///data/app.sqlite` name the absolute path
    /// `/data/app.sqlite`; `sqlite:app.sqlite` and a plain path are relative to the current
    /// directory; `~` expands to the home directory.
    /// - Throws: ``ValidationError`` for an empty value, an unknown URL scheme, or a `sqlite://`
    ///   URL with a host.
    static func parse(_ argument: String) throws -> StoreArgument {
        let value = argument.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
            throw ValidationError("expected `memory`, a SQLite path, or a postgres:// URL; got an empty value")
        }
        if value.lowercased() == "memory" { return .memory }
        if value.lowercased().hasPrefix("sqlite:") { return try sqlite(path: String(value.dropFirst("sqlite:".count))) }
        if let schemeEnd = value.range(of: "://") {
            let scheme = value[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "postgres" || scheme == "postgresql" else {
                throw ValidationError("unknown store URL scheme `\(scheme)://`; expected `memory`, a SQLite path, or a postgres:// URL")
            }
            return .postgres(value)
        }
        return try sqlite(path: value)
    }

    /// A SQLite path from what follows `sqlite:` (or a plain path): `//` starts an authority,
    /// which must be empty (`sqlite:///abs`).
    private static func sqlite(path: String) throws -> StoreArgument {
        var path = path
        if path.hasPrefix("//") {
            path.removeFirst(2)
            guard path.hasPrefix("/") else {
                throw ValidationError("a sqlite:// URL names no host: write sqlite:///absolute/path or sqlite:/absolute/path")
            }
        }
        guard !path.isEmpty else { throw ValidationError("`sqlite:` needs a path, as in sqlite:/var/lib/app/data.sqlite") }
        let expanded = (path as NSString).expandingTildeInPath
        return .sqlite(URL(fileURLWithPath: expanded).standardizedFileURL)
    }
}
