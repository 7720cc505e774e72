import StrataCore

/// How the store runs work on its connections: reads may be retried once, writes never are;
/// with replicas, reads go to a replica that has replayed what their context wrote.
extension PostgresStore {
    /// Runs a read for the context of `editingState`: on a replica when there are any and the
    /// one in turn has replayed that context's last write within
    /// ``PostgresConfiguration/replicaWaitTimeout`` (and the store's own tables), otherwise on
    /// the primary. A replica that cannot be reached also sends the read to the primary.
    /// Several statements run in one `REPEATABLE READ` read-only transaction so they see one
    /// state; a read whose connection died is run once more on a fresh connection.
    /// - Throws: ``PostgresError``, or what `body` throws.
    func read<Result>(editingState: EditingState?, severalStatements: Bool, _ body: @escaping (PostgresConnection) throws -> Result) throws -> Result {
        if let replicas {
            let replica = replicas.next()
            let job = Self.replicaRead(replica, replicas: replicas, editingState: editingState, severalStatements: severalStatements, body)
            do {
                if let value = try replica.pool.run(job) { return value }
            } catch let error as PostgresError where error.category == .connectionLost {
                // The replica is unreachable: the primary can answer.
            }
        }
        return try pool.run { try Self.readRetrying(on: $0, severalStatements: severalStatements, body) }
    }

    /// ``read(editingState:severalStatements:_:)`` for an `async` caller, which suspends and holds no thread.
    /// - Throws: as ``read(editingState:severalStatements:_:)``.
    func read<Result: Sendable>(
        editingState: EditingState?, severalStatements: Bool, _ body: @escaping @Sendable (PostgresConnection) throws -> Result
    ) async throws -> Result {
        if let replicas {
            let replica = replicas.next()
            // Called once, on the one worker that runs it.
            nonisolated(unsafe) let job = Self.replicaRead(
                replica, replicas: replicas, editingState: editingState, severalStatements: severalStatements, body)
            do {
                if let value = try await replica.pool.perform({ try job($0) }) { return value }
            } catch let error as PostgresError where error.category == .connectionLost {
                // The replica is unreachable: the primary can answer.
            }
        }
        return try await pool.perform { try Self.readRetrying(on: $0, severalStatements: severalStatements, body) }
    }

    /// The read as a replica runs it: `nil` when the replica has not replayed what the read needs in time.
    private static func replicaRead<Result>(
        _ replica: PostgresReplica, replicas: PostgresReplicas, editingState: EditingState?, severalStatements: Bool,
        _ body: @escaping (PostgresConnection) throws -> Result
    ) -> (PooledConnection) throws -> Result? {
        let position = replicas.requiredPosition(for: editingState)
        return { pooled in
            guard position != PostgresReplicas.primaryOnly else { return nil }
            do {
                guard try replica.waitForReplay(of: position, on: pooled.connection(), timeout: replicas.waitTimeout) else { return nil }
            } catch let error as PostgresError where error.kind == .connectionLost {
                guard try replica.waitForReplay(of: position, on: pooled.reconnect(), timeout: replicas.waitTimeout) else { return nil }
            }
            return try readRetrying(on: pooled, severalStatements: severalStatements, body)
        }
    }

    /// Runs a read on `pooled`, once more on a fresh connection when it failed because its
    /// connection died: a read has no effect to repeat.
    private static func readRetrying<Result>(
        on pooled: PooledConnection, severalStatements: Bool, _ body: (PostgresConnection) throws -> Result
    ) throws -> Result {
        do {
            return try readOnce(on: pooled.connection(), severalStatements: severalStatements, body)
        } catch let error as PostgresError where error.kind == .connectionLost {
            return try readOnce(on: pooled.reconnect(), severalStatements: severalStatements, body)
        }
    }

    /// Runs a write for the context of `editingState` in one transaction (see
    /// ``writeJob(replicas:editingState:notification:_:)``) that announces its commit on
    /// ``commitChannel``, with the history token `token` finds in the result.
    /// - Throws: ``PostgresError``, or what `body` throws.
    func write<Result>(
        editingState: EditingState?, token: @escaping (Result) -> DefaultHistoryToken? = { _ in nil },
        _ body: @escaping (PostgresConnection) throws -> Result
    ) throws -> Result {
        try pool.run(Self.writeJob(replicas: replicas, editingState: editingState, notification: commitNotification(token), body))
    }

    /// ``write(editingState:token:_:)`` for an `async` caller, which suspends and holds no thread.
    /// - Throws: as ``write(editingState:token:_:)``.
    func write<Result: Sendable>(
        editingState: EditingState?, token: @escaping @Sendable (Result) -> DefaultHistoryToken? = { _ in nil },
        _ body: @escaping @Sendable (PostgresConnection) throws -> Result
    ) async throws -> Result {
        // Called once, on the one worker that runs it.
        nonisolated(unsafe) let job = Self.writeJob(replicas: replicas, editingState: editingState, notification: commitNotification(token), body)
        return try await pool.perform { try job($0) }
    }

    /// A write as a pooled connection of the primary runs it: one transaction, committed when
    /// `body` returns and rolled back when it throws. A write is never retried: when the
    /// connection dies before `COMMIT` the server rolled it back
    /// (``PostgresError/Kind/connectionLost``); when it dies during `COMMIT` nobody can tell
    /// (``PostgresError/Kind/commitOutcomeUnknown``). With replicas, the WAL position after the
    /// commit is recorded for `editingState` (for the whole store when `nil`), so its reads see the
    /// write. With a `notification`, it is sent once the transaction has committed, so listeners
    /// hear of the commit.
    static func writeJob<Result>(
        replicas: PostgresReplicas?, editingState: EditingState?, notification: PostgresCommitNotification<Result>? = nil,
        _ body: @escaping (PostgresConnection) throws -> Result
    ) -> (PooledConnection) throws -> Result {
        { pooled in
            var connection = try pooled.connection()
            let result: Result
            do {
                result = try committingWrite(on: connection, body)
            } catch let error as PostgresError where error.kind == .connectionLost && !connection.transactionReachedServer {
                // The connection was found dead by the transaction's first round trip: nothing
                // was written, so the write runs once more on a fresh connection.
                connection = try pooled.reconnect()
                result = try committingWrite(on: connection, body)
            }
            // Committed: what follows is bookkeeping a late cancellation must not skip.
            connection.ignoringCancellation {
                if let replicas { replicas.recordWrite(at: walPosition(on: connection), by: editingState) }
                notification?.announce(result, on: connection)
            }
            return result
        }
    }

    /// `body` in a transaction on `connection`, committed; its `BEGIN` goes out with its first
    /// statement.
    private static func committingWrite<Result>(on connection: PostgresConnection, _ body: (PostgresConnection) throws -> Result) throws -> Result {
        try connection.begin("BEGIN")
        return try committing(connection, body) { lost in
            PostgresError(
                kind: .commitOutcomeUnknown, sqlState: lost.sqlState,
                message: "the connection was lost during COMMIT (or its answer never came), so the save may or may not have been written: \(lost.message)",
                sql: "COMMIT")
        }
    }

    /// The primary's WAL insert position, at or past the end of the commit just made;
    /// ``PostgresReplicas/primaryOnly`` when it cannot be read (the commit stands either way).
    private static func walPosition(on connection: PostgresConnection) -> Int64 {
        let result = try? connection.executePrepared("SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint")
        return result?.int64(row: 0, column: 0) ?? PostgresReplicas.primaryOnly
    }

    private static func readOnce<Result>(on connection: PostgresConnection, severalStatements: Bool, _ body: (PostgresConnection) throws -> Result) throws -> Result {
        guard severalStatements else { return try body(connection) }
        try connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return try committing(connection, body) { $0 }
    }

    /// Runs `body` inside the transaction open on `connection`, and the row checks it left held
    /// back, then commits; rolls back when `body` or a check throws or the call was cancelled
    /// (a failed rollback never hides its error, and a dead connection rolled back already). A
    /// connection lost or given up on (``PostgresError/Kind/responseTimeout``) during `COMMIT` is
    /// reported as `commitLost` makes it.
    private static func committing<Result>(
        _ connection: PostgresConnection, _ body: (PostgresConnection) throws -> Result, commitLost: (PostgresError) -> PostgresError
    ) throws -> Result {
        let result: Result
        do {
            result = try body(connection)
            try connection.runHeldStatements()
            // A call cancelled by now is rolled back; once `COMMIT` is sent, it completes.
            try connection.refuseIfCancelled()
        } catch {
            if connection.isAlive { try? connection.endTransaction(commit: false) }
            throw error
        }
        do {
            try connection.endTransaction(commit: true)
        } catch let error as PostgresError where error.kind == .connectionLost || error.kind == .responseTimeout {
            throw commitLost(error)
        }
        return result
    }
}
