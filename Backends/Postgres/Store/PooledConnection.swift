/// One of the pool's connections: opened on first use, and replaced when it has died, so a connection
/// lost between operations never fails the next one.
final class PooledConnection {
    private let open: () throws -> PostgresConnection
    private let metrics: PostgresPoolMetrics
    private var current: PostgresConnection?
    /// When the open connection was opened, for the pool's lifetime limit.
    private(set) var openedAt: ContinuousClock.Instant?
    /// When the connection was last handed back to the pool, for its idle limit.
    var lastUsed = ContinuousClock.now
    /// The call running on the connection, whose cancellation it watches; `nil` between calls.
    var interruption: PostgresInterruption? {
        didSet { current?.interruption = interruption }
    }

    init(metrics: PostgresPoolMetrics, open: @escaping () throws -> PostgresConnection) {
        self.metrics = metrics
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
        close()
        let fresh = try open()
        fresh.interruption = interruption
        metrics.opened()
        current = fresh
        openedAt = .now
        return fresh
    }

    /// Whether a connection was opened and has not been seen to die.
    var isOpenAndAlive: Bool { current?.isAlive ?? false }

    /// Closes the connection, if one is open.
    func close() {
        guard let current else { return }
        current.close()
        metrics.closed()
        self.current = nil
        openedAt = nil
    }
}
