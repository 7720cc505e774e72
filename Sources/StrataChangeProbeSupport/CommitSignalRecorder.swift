import Foundation

/// Records when `onCommit` ran (wall-clock nanoseconds, as ``ChangeProbeCommit`` reports
/// commits) and lets a test or benchmark wait for signals: pass ``record()`` as the callback.
public final class CommitSignalRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var times: [Int64] = []

    /// An empty recorder.
    public init() {}

    /// Notes a signal now; the `onCommit` to hand a store.
    @Sendable public func record() {
        let now = ChangeProbeCommit.now()
        condition.withLock {
            times.append(now)
            condition.broadcast()
        }
    }

    /// When each signal so far arrived, in order.
    public var signals: [Int64] { condition.withLock { times } }

    /// Waits until at least `count` signals arrived, for at most `timeout`; returns whether they did.
    public func wait(forCount count: Int, timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        return condition.withLock {
            while times.count < count {
                guard condition.wait(until: deadline) else { return times.count >= count }
            }
            return true
        }
    }

    /// For each commit, how long after it finished the first signal at or after its start came,
    /// in nanoseconds (negative when the signal beat `save()` returning); `nil` for a commit no
    /// signal followed.
    public func latencies(of commits: [ChangeProbeCommit]) -> [Int64?] {
        let signals = self.signals
        return commits.map { commit in signals.first { $0 >= commit.started }.map { $0 - commit.finished } }
    }
}
