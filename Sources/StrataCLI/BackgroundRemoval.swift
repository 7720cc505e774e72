import Foundation
import Synchronization

/// Removes what a finished category made on a thread of its own, one removal after another,
/// while the next category's cases run.
final class BackgroundRemoval: Sendable {
    private let queue = DispatchQueue(label: "strata.conformance.removal")
    private let firstError = Mutex<(any Error)?>(nil)

    /// Queues `removal`; once one removal failed, later ones are skipped.
    func start(_ removal: @escaping @Sendable () throws -> Void) {
        queue.async { [self] in
            guard firstError.withLock({ $0 == nil }) else { return }
            do { try removal() } catch { firstError.withLock { $0 = $0 ?? error } }
        }
    }

    /// Waits for every queued removal.
    /// - Throws: the first removal's error.
    func finish() throws {
        queue.sync {}
        if let error = firstError.withLock({ $0 }) { throw error }
    }
}
