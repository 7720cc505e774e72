import Foundation
import Synchronization

/// The PostgreSQL schemas one `strata conformance` run gives its cases: a prefix unique to the
/// run, then a number per case, remembered until the run drops them.
final class PostgresRunNamespaces: Sendable {
    let prefix = "strata_conformance_\(UUID().uuidString.prefix(8).lowercased())_"
    private let state = Mutex<(handedOut: Int, undropped: [String])>((0, []))

    /// A schema name no other case of any run uses.
    func next() -> String {
        state.withLock { state in
            state.handedOut += 1
            state.undropped.append(prefix + String(state.handedOut))
            return state.undropped[state.undropped.count - 1]
        }
    }

    /// The names handed out since the last call, which the caller is about to drop.
    func takeUndropped() -> [String] {
        state.withLock { state in
            defer { state.undropped = [] }
            return state.undropped
        }
    }
}
