import FluentKit
import FluentPostgresDriver
import Logging
import NIOCore
import NIOPosix

/// The Fluent databases the routes use: one pool of PostgreSQL connections per event loop.
struct FluentDatabases: Sendable {
    let databases: Databases

    /// Connects to `url` with `connections` connections in all, spread over Hummingbird's event loops.
    init(url: String, connections: Int) throws {
        let group = MultiThreadedEventLoopGroup.singleton
        databases = Databases(threadPool: .singleton, on: group)
        let perLoop = max(1, connections / System.coreCount)
        databases.use(try .postgres(url: url, maxConnectionsPerEventLoop: perLoop, pruneInterval: nil, sqlLogLevel: .trace), as: .psql)
    }

    /// A database handle for one request.
    func database(logger: Logger) -> any Database {
        databases.database(logger: logger, on: databases.eventLoopGroup.any())!
    }
}
