import StrataCore

/// How the store runs work on its connections: reads may be retried once, writes never are.
extension PostgresStore {
    /// Runs a read on a pooled connection; several statements run in one `REPEATABLE READ`
    /// read-only transaction so they see one state. A read that fails because its connection
    /// died is run once more on a fresh connection: a read has no effect to repeat.
    /// - Throws: ``PostgresError``, or what `body` throws.
    func read<Result>(severalStatements: Bool, _ body: @escaping (PostgresConnection) throws -> Result) throws -> Result {
        try pool.run { pooled in
            do {
                return try Self.readOnce(on: pooled.connection(), severalStatements: severalStatements, body)
            } catch let error as PostgresError where error.kind == .connectionLost {
                return try Self.readOnce(on: pooled.reconnect(), severalStatements: severalStatements, body)
            }
        }
    }

    /// Runs a write in one transaction (see ``write(on:_:)``).
    /// - Throws: ``PostgresError``, or what `body` throws.
    func write<Result>(_ body: @escaping (PostgresConnection) throws -> Result) throws -> Result {
        try Self.write(on: pool, body)
    }

    /// Runs a write in one transaction on a pooled connection, committed when `body` returns
    /// and rolled back when it throws. A write is never retried: when the connection dies before
    /// `COMMIT` the server rolled it back (``PostgresError/Kind/connectionLost``); when it dies
    /// during `COMMIT` nobody can tell (``PostgresError/Kind/commitOutcomeUnknown``).
    /// - Throws: ``PostgresError``, or what `body` throws.
    /// `opening`: the store is being opened, so the write runs on the calling thread (see
    /// ``PostgresWorkerPool/runOpening(_:)``).
    static func write<Result>(on pool: PostgresWorkerPool, opening: Bool = false, _ body: @escaping (PostgresConnection) throws -> Result) throws -> Result {
        let job = { (pooled: PooledConnection) in
            try committing(begin(on: pooled), body) { lost in
                PostgresError(
                    kind: .commitOutcomeUnknown, sqlState: lost.sqlState,
                    message: "the connection was lost during COMMIT, so the save may or may not have been written: \(lost.message)",
                    sql: "COMMIT")
            }
        }
        return try opening ? pool.runOpening(job) : pool.run(job)
    }

    /// `BEGIN` on the pooled connection; a connection found dead here wrote nothing yet, so it
    /// is replaced and `BEGIN` sent once more.
    private static func begin(on pooled: PooledConnection) throws -> PostgresConnection {
        do {
            let connection = try pooled.connection()
            _ = try connection.execute("BEGIN")
            return connection
        } catch let error as PostgresError where error.kind == .connectionLost {
            let connection = try pooled.reconnect()
            _ = try connection.execute("BEGIN")
            return connection
        }
    }

    private static func readOnce<Result>(on connection: PostgresConnection, severalStatements: Bool, _ body: (PostgresConnection) throws -> Result) throws -> Result {
        guard severalStatements else { return try body(connection) }
        _ = try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return try committing(connection, body) { $0 }
    }

    /// Runs `body` inside the transaction open on `connection`, then commits; rolls back when
    /// `body` throws (a failed rollback never hides its error, and a dead connection rolled back
    /// already). A connection lost during `COMMIT` is reported as `commitLost` makes it.
    private static func committing<Result>(
        _ connection: PostgresConnection, _ body: (PostgresConnection) throws -> Result, commitLost: (PostgresError) -> PostgresError
    ) throws -> Result {
        let result: Result
        do {
            result = try body(connection)
        } catch {
            if connection.isAlive { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
        do {
            _ = try connection.execute("COMMIT")
        } catch let error as PostgresError where error.kind == .connectionLost {
            throw commitLost(error)
        }
        return result
    }
}
