import Foundation
import Synchronization

@testable import StrataPostgres

/// The PostgreSQL server every test in this process uses: a throwaway cluster, or the server
/// `STRATA_POSTGRES_URL` names.
///
/// ```swift
/// let url = try TestCluster.shared().makeDatabase(named: "raw")
/// let connection = try PostgresConnection(conninfo: url)
/// ```
///
/// Without `STRATA_POSTGRES_URL`, the first call to ``shared()`` runs `initdb` into a fresh
/// `/tmp/strata-pg-XXXXXX` directory and starts a server on a free 127.0.0.1 port (as the
/// `postgres` user when the process runs as root), with trust authentication, `fsync` off and
/// a 100 ms `deadlock_timeout`. Tests connect as `strata`, a role without superuser or
/// `CREATEDB`. The server stops and its directory is removed at exit, and also when the test
/// process dies without running exit handlers. A test that cannot get a server fails; none skip.
final class TestCluster: Sendable {
    /// The `strata` database as the `strata` role: `postgres://strata@127.0.0.1:PORT/strata`.
    let url: String
    /// The `postgres` database as the `postgres` superuser; `nil` for an external server.
    let superuserURL: String?
    /// The launched server's files; `nil` for an external server.
    let server: LocalServer?
    private let databaseCounter = Atomic<Int>(0)
    private let stopped = Mutex(false)

    /// A throwaway cluster's data directory, binaries and how to run them.
    struct LocalServer: Sendable {
        let directory: String
        let binaries: String
        let port: Int
        let asPostgresUser: Bool
        var dataDirectory: String { directory + "/data" }
        var logFile: String { directory + "/server.log" }
    }

    init(url: String, superuserURL: String?, server: LocalServer?) {
        self.url = url
        self.superuserURL = superuserURL
        self.server = server
    }

    /// The cluster of this test process, started on first use (thread-safe).
    /// - Throws: ``TestClusterError`` or ``PostgresError`` when no server can be started or reached.
    static func shared() throws -> TestCluster {
        try instance.get()
    }

    private static let instance = Result { try TestCluster.launch() }

    /// Creates an empty database, unique to this call, and returns its URL for the `strata` role.
    ///
    /// On a throwaway cluster the database is owned by `strata`; on an external server it is
    /// created by (and owned by) the URL's role, which then needs `CREATEDB`.
    /// - Throws: ``PostgresError`` when the database cannot be created.
    func makeDatabase(named prefix: String) throws -> String {
        let suffix = databaseCounter.add(1, ordering: .relaxed).newValue
        let name = "\(prefix.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "_" })_\(getpid())_\(suffix)"
        let admin = try PostgresConnection(conninfo: superuserURL ?? url)
        _ = try admin.execute("CREATE DATABASE \"\(name)\"" + (superuserURL == nil ? "" : " OWNER strata"))
        guard var components = URLComponents(string: url) else { throw TestClusterError("cannot parse \(url)") }
        components.path = "/" + name
        guard let databaseURL = components.string else { throw TestClusterError("cannot build a URL for \(name)") }
        return databaseURL
    }

    /// Restarts the server (`pg_ctl restart -m fast`), ending every connection.
    /// - Throws: ``TestClusterError`` for an external server or when `pg_ctl` fails.
    func restart() throws {
        guard let server else { throw TestClusterError("restart needs the throwaway cluster, not STRATA_POSTGRES_URL") }
        try Self.run(
            server.binaries + "/pg_ctl",
            ["restart", "-D", server.dataDirectory, "-l", server.logFile, "-m", "fast", "-w", "-t", "60"], in: server)
    }

    /// Stops the server (fast shutdown) and removes its directory; later calls do nothing.
    ///
    /// Signals the postmaster instead of running `pg_ctl`, so it is safe in an exit handler.
    func stop() {
        let isFirstStop = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard let server, isFirstStop else { return }
        if let text = try? String(contentsOfFile: server.dataDirectory + "/postmaster.pid", encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) }), kill(pid, SIGINT) == 0
        {
            for _ in 0..<300 where kill(pid, 0) == 0 {
                usleep(100_000)
            }
        }
        try? FileManager.default.removeItem(atPath: server.directory)
    }
}
