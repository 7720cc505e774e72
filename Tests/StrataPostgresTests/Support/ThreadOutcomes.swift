import Dispatch
import Synchronization

/// What each of several threads ended with, and a way to wait for all of them.
final class ThreadOutcomes: Sendable {
    private let count: Int
    private let errors = Mutex<[Int: (any Error)?]>([:])
    private let finished = DispatchSemaphore(value: 0)

    init(count: Int) {
        self.count = count
    }

    /// Records that thread `index` finished, with the error it met or `nil`.
    func record(_ index: Int, _ error: (any Error)?) {
        errors.withLock { $0[index] = error }
        finished.signal()
    }

    /// Waits (at most a minute) for every thread and returns their errors in thread order.
    func wait() -> [(any Error)?] {
        for _ in 0..<count {
            _ = finished.wait(timeout: .now() + 60)
        }
        return errors.withLock { errors in (0..<count).map { errors[$0] ?? nil } }
    }
}
