import Foundation
@testable import StrataPostgres

extension StoreFixture {
    /// How many sessions of this store's database `pg_stat_activity` lists under `condition`
    /// (SQL over its columns), read on a fresh connection.
    func sessions(where condition: String) throws -> Int {
        let admin = try PostgresConnection(conninfo: url)
        defer { admin.close() }
        let result = try admin.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND (\(condition))")
        return Int(result.int64(row: 0, column: 0) ?? 0)
    }
}

/// Polls `condition` every 50 ms until it holds, for at most `seconds`.
func waitUntil(seconds: Int = 10, _ condition: () throws -> Bool) async throws {
    for _ in 0..<(seconds * 20) where try !condition() {
        try await Task.sleep(for: .milliseconds(50))
    }
}
