import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// A failed statement of 50 KB describes itself in about 1 KB; the full text stays on the error.
@Suite struct PostgresErrorTextTests {
    @Test func longStatementIsShortenedInTheDescription() {
        let sql = "SELECT " + (0..<10_000).map { "c\($0)" }.joined(separator: ", ") + " FROM missing"
        let error = PostgresError(kind: .undefinedTable, sqlState: "42P01", message: #"relation "missing" does not exist"#, sql: sql)
        #expect(error.sql == sql)
        #expect(error.description.count < 1_200)
        #expect(error.description.hasSuffix("… (\(sql.count - 1_000) more characters)"))
        #expect(error.debugDescription.count < 1_200)
    }
}
