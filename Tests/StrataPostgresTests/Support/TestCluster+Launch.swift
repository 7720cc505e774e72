import Foundation
import Synchronization

@testable import StrataPostgres

extension TestCluster {
    /// The clusters to stop when the process exits.
    private static let running = Mutex<[TestCluster]>([])

    /// Uses `STRATA_POSTGRES_URL`, or creates, starts and populates a throwaway cluster.
    static func launch() throws -> TestCluster {
        if let external = ProcessInfo.processInfo.environment["STRATA_POSTGRES_URL"], !external.isEmpty {
            return TestCluster(url: external, superuserURL: nil, server: nil)
        }
        return try makePrivate()
    }

    /// A throwaway cluster of the caller's own, even when `STRATA_POSTGRES_URL` is set, for tests
    /// that ``restart()`` or ``stop()`` the server (the shared one serves tests running in parallel).
    /// Stop it when done; it is stopped at exit otherwise.
    /// - Throws: ``TestClusterError`` or ``PostgresError`` when it cannot be started.
    static func makePrivate() throws -> TestCluster {
        let directory = try makeServerDirectory()
        try run(
            directory.binaries + "/initdb",
            ["-D", directory.dataDirectory, "--auth=trust", "-U", "postgres", "--encoding=UTF8", "--locale=C", "--no-sync"],
            in: directory)
        let cluster = try startOnFreePort(directory)
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? cluster.url)
        _ = try admin.execute("CREATE ROLE strata LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE")
        _ = try admin.execute("CREATE DATABASE strata OWNER strata")
        return cluster
    }

    /// A new, empty server directory (owned by `postgres` when running as root), with its
    /// watchdog; its port is not chosen yet.
    static func makeServerDirectory() throws -> LocalServer {
        let binaries = try binaryDirectory()
        let directory = try temporaryDirectory()
        let asPostgresUser = geteuid() == 0
        if asPostgresUser {
            guard let account = getpwnam("postgres"), chown(directory, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw TestClusterError("running as root needs a `postgres` user to own \(directory)")
            }
        }
        let server = LocalServer(directory: directory, binaries: binaries, port: 0, asPostgresUser: asPostgresUser)
        try watchdog(server)
        return server
    }

    /// Starts the data directory of `directory` on a free port and registers the cluster to be
    /// stopped at exit.
    static func startOnFreePort(_ directory: LocalServer) throws -> TestCluster {
        // Another process may take the free port before the server binds it: try a few.
        var attempt = 0
        var server: LocalServer
        while true {
            server = LocalServer(
                directory: directory.directory, binaries: directory.binaries, port: try freePort(), asPostgresUser: directory.asPostgresUser)
            do {
                try start(server)
                break
            } catch where attempt < 3 {
                attempt += 1
            }
        }
        let superuserURL = "postgres://postgres@127.0.0.1:\(server.port)/postgres"
        let cluster = TestCluster(url: "postgres://strata@127.0.0.1:\(server.port)/strata", superuserURL: superuserURL, server: server)
        let isFirst = running.withLock { running in
            running.append(cluster)
            return running.count == 1
        }
        if isFirst {
            atexit { TestCluster.running.withLock { $0 }.forEach { $0.stop() } }
        }
        return cluster
    }

    /// Starts the server of `server` and waits until it accepts connections.
    private static func start(_ server: LocalServer) throws {
        let options = [
            "-h 127.0.0.1", "-p \(server.port)", "-k \(server.directory)", "-c fsync=off", "-c synchronous_commit=off",
            "-c full_page_writes=off", "-c deadlock_timeout=100ms", "-c max_connections=200",
        ]
        try run(
            server.binaries + "/pg_ctl",
            ["start", "-D", server.dataDirectory, "-l", server.logFile, "-w", "-t", "60", "-o", options.joined(separator: " ")],
            in: server)
    }

    /// Runs a shell that stops the server (if one runs) and removes its directory once this
    /// process is gone, even when it crashed before its exit handlers ran.
    private static func watchdog(_ server: LocalServer) throws {
        let stop = (server.asPostgresUser ? "runuser -u postgres -- " : "") + "'\(server.binaries)/pg_ctl'"
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            sleep 2  # let an initdb or pg_ctl start this process left running finish
            \(stop) stop -D '\(server.dataDirectory)' -m immediate; rm -rf '\(server.directory)'
            """
        _ = try ChildProcess.spawn("/bin/sh", ["-c", script])
    }

    /// Runs a PostgreSQL program (as `postgres` when `server` says so) and waits for it.
    /// - Throws: ``TestClusterError`` with the program's output and the server log's tail when it fails.
    static func run(_ program: String, _ arguments: [String], in server: LocalServer) throws {
        let runuser = FileManager.default.fileExists(atPath: "/usr/sbin/runuser") ? "/usr/sbin/runuser" : "/sbin/runuser"
        let (executable, allArguments) =
            server.asPostgresUser ? (runuser, ["-u", "postgres", "--", program] + arguments) : (program, arguments)
        let outputPath = server.directory + "/command.out"
        try? FileManager.default.removeItem(atPath: outputPath)
        let status = try ChildProcess.run(executable, allArguments, output: outputPath, directory: server.directory)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: server.logFile, encoding: .utf8)) ?? ""
            throw TestClusterError(
                "\(program) \(arguments.joined(separator: " ")) failed (\(status)):\n\(text)\nserver log:\n\(log.suffix(2_000))")
        }
    }

    /// The directory of `initdb` and `pg_ctl`: `pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin.
    static func binaryDirectory() throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pg_config", "--bindir"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let directory = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: directory + "/initdb") {
                return directory
            }
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let directory = "/usr/lib/postgresql/\(version)/bin"
            if FileManager.default.isExecutableFile(atPath: directory + "/initdb") { return directory }
        }
        throw TestClusterError("no PostgreSQL server binaries (initdb, pg_ctl) found; install postgresql or set STRATA_POSTGRES_URL")
    }

    /// A new, empty directory `/tmp/strata-pg-XXXXXX`.
    private static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/strata-pg-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw TestClusterError("mkdtemp failed: errno \(errno)") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then released).
    static func freePort() throws -> Int {
        let (socketDescriptor, port) = try loopbackSocket()
        close(socketDescriptor)
        return port
    }

    /// A TCP socket bound to a free port on 127.0.0.1, and that port.
    static func loopbackSocket() throws -> (Int32, Int) {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw TestClusterError("socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, length) == 0 && getsockname(socketDescriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(socketDescriptor)
            throw TestClusterError("could not bind a free port: errno \(errno)")
        }
        return (socketDescriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
