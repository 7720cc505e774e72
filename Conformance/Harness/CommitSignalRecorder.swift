import Foundation

/// Records when an ``ExternalCommitObserving`` store's `onCommit` ran, in wall-clock
/// nanoseconds (shared by every process on a machine, so a commit another process timed can be
/// compared), and lets a check wait for signals. Pass ``record()`` as the callback.
///
/// ```swift
/// let signals = CommitSignalRecorder()
/// let observation = try store.observeExternalCommits(signals.record)
/// // … another container or process saves …
/// let heard = signals.wait(forCount: 1, timeout: .seconds(2))
/// ```
public final class CommitSignalRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var times: [Int64] = []

    /// An empty recorder.
    public init() {}

    /// Notes a signal now; the `onCommit` to hand a store.
    @Sendable public func record() {
        let now = Self.now()
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

    /// Nanoseconds since 1970 on the wall clock (`CLOCK_REALTIME`), which every process on the machine shares.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
