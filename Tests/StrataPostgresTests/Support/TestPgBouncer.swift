import Foundation
import Synchronization

@testable import StrataPostgres

/// pgbouncer in transaction-pooling mode in front of this run's shared cluster, started on first
/// use (as `postgres` when running as root: pgbouncer refuses root) and stopped at exit.
///
/// Its pools hold at most ``serverConnections`` server connections per database and role, fewer
/// than a store's pool, so consecutive transactions of one client connection run on different
/// server connections, as in production.
final class TestPgBouncer: Sendable {
    /// How many server connections pgbouncer opens per database and role.
    static let serverConnections = 2
    /// The port pgbouncer listens on (127.0.0.1).
    let port: Int
    private let directory: String

    private init(port: Int, directory: String) {
        self.port = port
        self.directory = directory
    }

    /// The run's pgbouncer, started on first use.
    /// - Throws: ``TestClusterError`` when pgbouncer is not installed or does not start.
    static func shared() throws -> TestPgBouncer {
        try instance.get()
    }

    private static let instance = Result { try TestPgBouncer.launch(for: TestCluster.shared()) }

    /// `url` (a database of the shared cluster) through pgbouncer.
    func url(for url: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw TestClusterError("cannot rewrite \(url)") }
        components.port = port
        guard let rewritten = components.string else { throw TestClusterError("cannot rewrite \(url)") }
        return rewritten
    }

    private static func launch(for cluster: TestCluster) throws -> TestPgBouncer {
        guard let server = cluster.server else { throw TestClusterError("pgbouncer tests need the throwaway cluster, not STRATA_POSTGRES_URL") }
        guard let executable = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].first(where: FileManager.default.isExecutableFile) else {
            throw TestClusterError("pgbouncer is not installed; ./scripts/test-all installs it (apt-get install pgbouncer)")
        }
        let directory = server.directory + "/pgbouncer"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if server.asPostgresUser, let account = getpwnam("postgres") {
            chown(directory, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        let port = try TestCluster.freePort()
        let configuration = """
            [databases]
            * = host=127.0.0.1 port=\(server.port)
            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = trust
            auth_file = \(directory)/users.txt
            pool_mode = transaction
            default_pool_size = \(serverConnections)
            max_client_conn = 500
            logfile = \(directory)/pgbouncer.log
            pidfile = \(directory)/pgbouncer.pid
            """
        try configuration.write(toFile: directory + "/pgbouncer.ini", atomically: true, encoding: .utf8)
        try "\"strata\" \"\"\n\"postgres\" \"\"\n".write(toFile: directory + "/users.txt", atomically: true, encoding: .utf8)
        let launched = TestCluster.LocalServer(directory: directory, binaries: server.binaries, port: port, asPostgresUser: server.asPostgresUser)
        try TestCluster.run(executable, ["-d", directory + "/pgbouncer.ini"], in: launched)
        let bouncer = TestPgBouncer(port: port, directory: directory)
        try bouncer.waitUntilAccepting(cluster.url)
        atexit { try? TestPgBouncer.shared().stop() }
        // Stops pgbouncer once this process is gone, even when it crashed before its exit handlers ran.
        let pid = try String(contentsOfFile: directory + "/pgbouncer.pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try ChildProcess.spawn("/bin/sh", ["-c", "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; kill -KILL \(pid)"])
        return bouncer
    }

    /// Waits (at most 10 s) until a connection through pgbouncer works.
    private func waitUntilAccepting(_ url: String) throws {
        let through = try self.url(for: url) + "?connect_timeout=2"
        for _ in 0..<200 {
            if let connection = try? PostgresConnection(conninfo: through) {
                connection.close()
                return
            }
            usleep(50_000)
        }
        let log = (try? String(contentsOfFile: directory + "/pgbouncer.log", encoding: .utf8)) ?? ""
        throw TestClusterError("pgbouncer did not accept connections on port \(port):\n\(log.suffix(2_000))")
    }

    /// Stops pgbouncer (SIGINT: it closes its connections and exits).
    func stop() throws {
        let text = try String(contentsOfFile: directory + "/pgbouncer.pid", encoding: .utf8)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        // SIGKILL: pgbouncer inherits the test process's blocked signal mask and never sees
        // SIGINT or SIGTERM (leftover pgbouncers after every run showed it); it keeps no state.
        kill(pid, SIGKILL)
    }
}
