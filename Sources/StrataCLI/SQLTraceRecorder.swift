import Foundation
import Synchronization

/// Collects the SQL a store runs, through `SQLiteConfiguration.trace`, while a capture is open.
final class SQLTraceRecorder: Sendable {
    private let statements = Mutex<[String]?>(nil)

    /// The closure to install as `SQLiteConfiguration.trace`.
    var trace: @Sendable (String) -> Void {
        { [self] sql in statements.withLock { $0?.append(sql) } }
    }

    /// Runs `body` and returns its result with the SELECT statements run meanwhile.
    /// - Throws: whatever `body` throws.
    func selects<Result>(during body: () throws -> Result) rethrows -> (result: Result, sql: [String]) {
        statements.withLock { $0 = [] }
        defer { statements.withLock { $0 = nil } }
        let result = try body()
        let recorded = statements.withLock { $0 ?? [] }
        return (result, recorded.filter(Self.isSelect))
    }

    private static func isSelect(_ sql: String) -> Bool {
        let head = sql.trimmingCharacters(in: .whitespacesAndNewlines).prefix(6).uppercased()
        return head == "SELECT" || head.hasPrefix("WITH")
    }
}
