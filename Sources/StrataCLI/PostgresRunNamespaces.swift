import Foundation
import Synchronization

/// The PostgreSQL schemas one `strata conformance` run gives its cases: a prefix unique to the
/// run, then a number per case, remembered so the run can drop them all.
final class PostgresRunNamespaces: Sendable {
    let prefix = "strata_conformance_\(UUID().uuidString.prefix(8).lowercased())_"
    private let names = Mutex<[String]>([])

    /// A schema name no other case of any run uses.
    func next() -> String {
        names.withLock { names in
            names.append(prefix + String(names.count + 1))
            return names.last!
        }
    }

    /// Every name handed out so far.
    var issued: [String] { names.withLock { $0 } }
}
