/// One of the pool's connections: opened on first use, and replaced when it has died, so a connection
/// lost between operations never fails the next one.
final class PooledConnection {
    private let open: () throws -> PostgresConnection
    private var current: PostgresConnection?

    init(open: @escaping () throws -> PostgresConnection) {
        self.open = open
    }

    /// The live connection, opening a new one when there is none or the last one died.
    /// - Throws: ``PostgresError`` when the server cannot be reached.
    func connection() throws -> PostgresConnection {
        if let current, current.isAlive { return current }
        return try reconnect()
    }

    /// Drops the current connection and opens a new one.
    /// - Throws: ``PostgresError`` when the server cannot be reached.
    @discardableResult
    func reconnect() throws -> PostgresConnection {
        current?.close()
        current = nil
        let fresh = try open()
        current = fresh
        return fresh
    }

    func close() {
        current?.close()
        current = nil
    }
}
