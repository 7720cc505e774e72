import Foundation
import StrataCore
import Synchronization

/// One read replica: its pool, and the furthest WAL position it was seen to have replayed, so a
/// read that needs a position it already reached asks nothing more.
final class PostgresReplica: Sendable {
    let pool: PostgresWorkerPool
    private let replayed = Atomic<Int64>(0)

    init(pool: PostgresWorkerPool) {
        self.pool = pool
    }

    /// Waits until the replica has replayed the WAL up to `position`, asking it every few
    /// milliseconds, for at most `timeout`. Returns `false` when it has not by then, or when the
    /// server is not a standby (it was promoted, or is not a replica at all).
    /// - Throws: ``PostgresError`` when the replica cannot be asked.
    func waitForReplay(of position: Int64, on connection: PostgresConnection, timeout: Duration) throws -> Bool {
        if replayed.load(ordering: .relaxed) >= position { return true }
        let deadline = ContinuousClock.now + timeout
        while true {
            let result = try connection.executePrepared("SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint")
            guard let current = result.int64(row: 0, column: 0) else { return false }
            _ = replayed.max(current, ordering: .relaxed)
            if current >= position { return true }
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }
}

/// The store's read replicas, taken in turn, and the WAL position each context's last write
/// ended at, so that context reads its own writes.
final class PostgresReplicas: Sendable {
    /// A position no replica is waited for: the write's position is unknown, so its context reads from the primary.
    static let primaryOnly = Int64.max

    let replicas: [PostgresReplica]
    let waitTimeout: Duration
    private let turn = Atomic<Int>(0)
    /// The position every read needs: the store's own tables exist from there on.
    private let baseline = Atomic<Int64>(0)
    private let written = Mutex<[UUID: Int64]>([:])

    init(replicas: [PostgresReplica], waitTimeout: Duration) {
        self.replicas = replicas
        self.waitTimeout = waitTimeout
    }

    /// The next replica in turn.
    func next() -> PostgresReplica {
        replicas[turn.add(1, ordering: .relaxed).oldValue % replicas.count]
    }

    /// The WAL position a read for `editingState` needs a replica to have replayed.
    func requiredPosition(for editingState: EditingState?) -> Int64 {
        let own = editingState.flatMap { state in written.withLock { $0[state.id] } } ?? 0
        return max(own, baseline.load(ordering: .relaxed))
    }

    /// Records that `editingState` wrote up to `position` (``primaryOnly`` when unknown).
    func recordWrite(at position: Int64, by editingState: EditingState?) {
        guard let editingState else {
            _ = baseline.max(position, ordering: .relaxed)
            return
        }
        written.withLock { $0[editingState.id] = max($0[editingState.id] ?? 0, position) }
    }

    /// Forgets a context that is gone.
    func forget(_ editingState: EditingState) {
        _ = written.withLock { $0.removeValue(forKey: editingState.id) }
    }

    /// Shuts every replica's pool down, as ``PostgresWorkerPool/shutdown()``.
    func shutdown() async {
        for replica in replicas { await replica.pool.shutdown() }
    }
}
