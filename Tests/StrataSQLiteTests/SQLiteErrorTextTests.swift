import Foundation
import StrataCore
import Testing

@testable import StrataSQLite

/// A failed statement of 50 KB describes itself in about 1 KB; the full text stays on the error.
@Suite struct SQLiteErrorTextTests {
    @Test func longStatementIsShortenedInTheDescription() throws {
        let connection = try SQLiteConnection(inMemory: ())
        let sql = "SELECT " + (0..<10_000).map { "c\($0)" }.joined(separator: ", ") + " FROM missing"
        #expect(sql.count > 50_000)
        do {
            try connection.execute(sql)
            Issue.record("a query of a missing table ran")
        } catch let error as SQLiteError {
            #expect(error.sql == sql)
            #expect(error.description.count < 1_200)
            #expect(error.description.contains("no such table: missing"))
            #expect(error.description.hasSuffix("… (\(sql.count - 1_000) more characters)"))
        }
    }
}
