import Synchronization

/// Collects the SQL a connection's trace hook reports, from any thread.
final class SQLRecorder: Sendable {
    private let recorded = Mutex<[String]>([])

    /// The statements traced so far, in order.
    var statements: [String] { recorded.withLock { $0 } }

    /// The trace hook to install on a connection.
    var hook: @Sendable (String) -> Void {
        { [self] sql in recorded.withLock { $0.append(sql) } }
    }
}
