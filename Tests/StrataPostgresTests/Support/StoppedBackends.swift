import Foundation
import Glibc
import StrataConformance
import StrataCore
@testable import StrataPostgres
import Synchronization

extension StoreFixture {
    /// Opens `count` connections in the container's pool and leaves them idle: `count` calls
    /// each hold a connection until all of them do.
    func warmUp(connections count: Int) async throws {
        let holding = Arrivals()
        let store = containerStore
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await store.withConnection { connection in
                        _ = try connection.execute("SELECT 1")
                        holding.count.add(1, ordering: .relaxed)
                        let deadline = ContinuousClock.now + .seconds(30)
                        while holding.count.load(ordering: .relaxed) < count, ContinuousClock.now < deadline { usleep(1_000) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// The process IDs of the store role's backends in this database, but the caller's.
    func storeBackendPIDs() throws -> Set<Int32> {
        let admin = try PostgresConnection(conninfo: url)
        defer { admin.close() }
        let result = try admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid()")
        return Set((0..<result.rowCount).compactMap { result.int64(row: $0, column: 0).map { Int32($0) } })
    }
}

/// An `ACCESS EXCLUSIVE` lock on the fixture's `Row` table, held by a session of its own until
/// released (by the test, or after `releaseAfter` as a safety net).
final class TableLock: Sendable {
    private let connection: Mutex<PostgresConnection?>

    init(fixture: StoreFixture, releaseAfter: Duration = .seconds(30)) throws {
        let connection = try PostgresConnection(conninfo: fixture.url)
        _ = try connection.execute("BEGIN")
        _ = try connection.execute("LOCK TABLE \"Row\" IN ACCESS EXCLUSIVE MODE")
        self.connection = Mutex(connection)
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(releaseAfter.components.seconds)) { [self] in try? release() }
    }

    /// Commits the locking transaction; later calls do nothing.
    func release() throws {
        guard let connection = connection.withLock({ $0.take() }) else { return }
        defer { connection.close() }
        _ = try connection.execute("COMMIT")
    }
}

/// Server backends stopped with SIGSTOP, as a frozen server process is: their sockets stay open
/// and the kernel keeps acknowledging, but nothing answers. They resume on ``resume()`` or, as
/// a safety net, after `resumeAfter`, so a test that fails never leaves them stopped.
final class StoppedBackends: Sendable {
    let pids: Set<Int32>

    init(_ pids: Set<Int32>, resumeAfter: Duration) throws {
        self.pids = pids
        for pid in pids where kill(pid, SIGSTOP) != 0 {
            throw TestClusterError("cannot stop backend \(pid): errno \(errno) (the tests run as root, or as the server's user)")
        }
        let seconds = Double(resumeAfter.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [pids] in
            for pid in pids { kill(pid, SIGCONT) }
        }
    }

    func resume() {
        for pid in pids { kill(pid, SIGCONT) }
    }
}

/// How many calls have arrived at a barrier.
private final class Arrivals: Sendable {
    let count = Atomic(0)
}
