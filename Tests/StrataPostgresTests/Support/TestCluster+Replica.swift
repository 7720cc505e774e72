import Foundation

@testable import StrataPostgres

extension TestCluster {
    /// A streaming replica of this run's shared cluster, started on first use and stopped at exit.
    /// Suites that pause its replay must run serialized and resume it.
    /// - Throws: ``TestClusterError`` or ``PostgresError`` when it cannot be made or started.
    static func sharedReplica() throws -> TestCluster {
        try replicaInstance.get()
    }

    private static let replicaInstance = Result { try TestCluster.shared().makeReplica() }

    /// A hot-standby replica of this throwaway cluster: `pg_basebackup -R` (streaming the WAL,
    /// writing `standby.signal` and `primary_conninfo`), started on a free port. Its `strata`
    /// role and databases are the primary's; it is stopped at exit, or by ``stop()``.
    /// - Throws: ``TestClusterError`` for an external server or when a step fails.
    func makeReplica() throws -> TestCluster {
        guard let primary = server else { throw TestClusterError("a replica needs the throwaway cluster, not STRATA_POSTGRES_URL") }
        let directory = try Self.makeServerDirectory()
        try Self.run(
            primary.binaries + "/pg_basebackup",
            ["-D", directory.dataDirectory, "-h", "127.0.0.1", "-p", "\(primary.port)", "-U", "postgres", "-R", "-X", "stream", "-c", "fast", "-N"],
            in: directory)
        return try Self.startOnFreePort(directory)
    }

    /// Promotes this standby to a primary (`pg_ctl promote`) and waits until it accepts writes.
    /// - Throws: ``TestClusterError`` when `pg_ctl` fails.
    func promote() throws {
        guard let server else { throw TestClusterError("promote needs a throwaway cluster") }
        try Self.run(server.binaries + "/pg_ctl", ["promote", "-D", server.dataDirectory, "-w", "-t", "60"], in: server)
    }

    /// Stops the server (fast shutdown: every connection ends) and keeps its files.
    /// - Throws: ``TestClusterError`` when `pg_ctl` fails.
    func stopServer() throws {
        guard let server else { throw TestClusterError("stopping needs a throwaway cluster") }
        try Self.run(server.binaries + "/pg_ctl", ["stop", "-D", server.dataDirectory, "-m", "fast", "-w", "-t", "60"], in: server)
    }

    /// Pauses WAL replay on this standby and waits until it is paused: it keeps receiving the
    /// primary's WAL but applies none of it, so it lags for as long as the test needs.
    /// - Throws: ``PostgresError`` or ``TestClusterError`` when the standby does not pause.
    func pauseReplay() throws {
        let admin = try PostgresConnection(conninfo: superuserURL ?? url)
        defer { admin.close() }
        _ = try admin.execute("SELECT pg_wal_replay_pause()")
        for _ in 0..<500 {
            if try admin.execute("SELECT pg_get_wal_replay_pause_state()").text(row: 0, column: 0) == "paused" { return }
            usleep(10_000)
        }
        throw TestClusterError("the standby did not pause its replay")
    }

    /// Resumes WAL replay on this standby.
    /// - Throws: ``PostgresError``.
    func resumeReplay() throws {
        let admin = try PostgresConnection(conninfo: superuserURL ?? url)
        defer { admin.close() }
        _ = try admin.execute("SELECT pg_wal_replay_resume()")
    }

    /// The URL of `url`'s database on this server, as the `strata` role.
    func sameDatabase(as url: String) throws -> String {
        guard var components = URLComponents(string: url), let server else { throw TestClusterError("cannot rewrite \(url)") }
        components.port = server.port
        guard let rewritten = components.string else { throw TestClusterError("cannot rewrite \(url)") }
        return rewritten
    }
}
