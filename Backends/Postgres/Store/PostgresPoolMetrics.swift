import Metrics
import Synchronization

/// A pool's metrics: `strata.pool.wait`, a timer of how long each operation waited for a
/// connection, and `strata.pool.connections`, a gauge of the connections open, both with the
/// pool's dimensions (`store`, and `server` for a replica's pool). Without a bootstrapped
/// metrics system they are swift-metrics' no-op handlers.
final class PostgresPoolMetrics: Sendable {
    private let wait: CoreMetrics.Timer
    private let connections: Gauge
    private let open = Atomic<Int>(0)

    init(dimensions: [(String, String)], factory: any MetricsFactory) {
        wait = CoreMetrics.Timer(label: "strata.pool.wait", dimensions: dimensions, factory: factory)
        connections = Gauge(label: "strata.pool.connections", dimensions: dimensions, factory: factory)
    }

    /// Records that an operation waited `duration` for its connection.
    func waited(_ duration: Duration) {
        wait.recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// Records that a connection opened.
    func opened() {
        connections.record(open.add(1, ordering: .relaxed).newValue)
    }

    /// Records that a connection closed.
    func closed() {
        connections.record(open.subtract(1, ordering: .relaxed).newValue)
    }
}
