import Foundation
import Hummingbird
import Logging
import ServerAPI

// `fluent-peer postgres://…`: StrataServer's service on Fluent; the URL from the argument or
// STRATA_STORE, HOST and PORT from the environment (default 127.0.0.1:8080), CONNECTIONS the
// pool size in all (default 8, Strata's default pool).
let environment = ProcessInfo.processInfo.environment
guard let url = CommandLine.arguments.dropFirst().first ?? environment["STRATA_STORE"] else {
    fatalError("usage: fluent-peer postgres://user@host:port/database")
}
var logger = Logger(label: "fluent-peer")
logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
let databases = try FluentDatabases(url: url, connections: environment["CONNECTIONS"].flatMap(Int.init) ?? 8)
try await Tables.create(on: databases.database(logger: logger))

let router = Router(context: ServerRequestContext.self)
router.add(middleware: ErrorMiddleware { APIError(fluent: $0) })
ProjectRoutes(databases: databases).register(on: router.group("projects"))
ItemRoutes(databases: databases).register(on: router.group("items"))
let app = Application(
    router: router,
    configuration: .init(address: .hostname(environment["HOST"] ?? "127.0.0.1", port: environment["PORT"].flatMap(Int.init) ?? 8080), serverName: "FluentPeer"),
    logger: logger)
try await app.runService()
await databases.databases.shutdownAsync()
