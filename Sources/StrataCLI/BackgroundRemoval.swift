import Foundation
import Synchronization

/// Removes what a finished category made on a thread of its own, one removal after another,
/// while the next category's cases run. A removal that fails is a warning for after the report,
/// never the run's result: the cases' verdict does not depend on cleaning up.
final class BackgroundRemoval: Sendable {
    private let queue = DispatchQueue(label: "strata.conformance.removal")
    private let failures = Mutex<[String]>([])

    /// Queues `removal`; its error, if any, is kept for ``finish()``.
    func start(_ removal: @escaping @Sendable () throws -> Void) {
        queue.async { [self] in
            do { try removal() } catch { failures.withLock { $0.append("\(error)") } }
        }
    }

    /// Waits for every queued removal.
    /// - Returns: what each failed removal threw, in order.
    func finish() -> [String] {
        queue.sync {}
        return failures.withLock { $0 }
    }
}
