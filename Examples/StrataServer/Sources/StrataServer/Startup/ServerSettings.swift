import Logging
import StrataPostgres

/// What `strata-server` is told by its first argument and its environment: the store
/// (`STRATA_STORE`, default `sqlite:strata-server.sqlite`), `HOST` (default `127.0.0.1`), `PORT`
/// (default `8080`) and `LOG_LEVEL` (default `info`).
public struct ServerSettings: Equatable, Sendable {
    /// Where the data is kept.
    public var store: StoreLocation
    /// The address to listen on.
    public var host: String
    /// The port to listen on.
    public var port: Int
    /// The least severe message logged.
    public var logLevel: Logger.Level

    /// The settings from `arguments` (the program's, its name first) and `environment`.
    /// - Throws: ``StartupError`` naming the first setting whose value is not valid.
    public init(arguments: [String], environment: [String: String]) throws(StartupError) {
        let (source, text) = arguments.count > 1 ? ("the store argument", arguments[1]) : ("STRATA_STORE", environment["STRATA_STORE"] ?? "sqlite:strata-server.sqlite")
        do {
            store = try StoreLocation(text)
        } catch {
            throw StartupError("\(source) is not a store: '\(text)'", remedy: "Give \(StoreLocation.accepted)")
        }
        if case .postgres(let url) = store {
            // Read here, so that a failure to open the store is about the server, not the URL. The
            // URL may hold a password: it is not quoted.
            do {
                _ = try PostgresConfiguration(url: url)
            } catch {
                throw StartupError("\(source) is not a PostgreSQL URL", cause: error, remedy: "Give postgres://user[:password]@host[:port]/database")
            }
        }
        host = environment["HOST"] ?? "127.0.0.1"
        port = try Self.value("PORT", in: environment, default: 8080, expecting: "a port number from 0 to 65535") {
            Int($0).flatMap { (0...65535).contains($0) ? $0 : nil }
        }
        logLevel = try Self.value("LOG_LEVEL", in: environment, default: .info, expecting: Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")) {
            Logger.Level(rawValue: $0)
        }
    }

    /// The variable `name` read by `parse`, or `defaultValue` when the environment does not have it.
    private static func value<T>(
        _ name: String, in environment: [String: String], default defaultValue: T, expecting expected: String, _ parse: (String) -> T?
    ) throws(StartupError) -> T {
        guard let text = environment[name] else { return defaultValue }
        guard let value = parse(text) else { throw StartupError("\(name) is not valid: '\(text)'", remedy: "Set it to \(expected)") }
        return value
    }
}
