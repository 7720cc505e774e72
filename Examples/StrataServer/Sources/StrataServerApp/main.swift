import Foundation
import Logging
import StrataServer

// `strata-server [store]`: the store from the argument or STRATA_STORE (default
// sqlite:strata-server.sqlite); HOST and PORT from the environment (default 127.0.0.1:8080).
let environment = ProcessInfo.processInfo.environment
let store = try StoreLocation(CommandLine.arguments.dropFirst().first ?? environment["STRATA_STORE"] ?? "sqlite:strata-server.sqlite")
var logger = Logger(label: "strata-server")
logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
let app = ServerApplication.make(
    container: try store.makeContainer(), host: environment["HOST"] ?? "127.0.0.1",
    port: environment["PORT"].flatMap(Int.init) ?? 8080, logger: logger)
try await app.runService()
