import Foundation
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// A descending sort on an indexed, non-optional attribute reads the index backwards: the
/// statement names no `NULLS LAST` for a column that cannot be NULL, which would make
/// PostgreSQL sort the whole table instead.
@Suite struct PostgresSortIndexTests {
    @Test func aDescendingSortOnAnIndexedNonOptionalColumnReadsTheIndexBackwards() throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let writer = ModelContext(fixture.container)
        for number in 1...5_000 { writer.insert(Row(tag: "r\(number)", int: number % 97, optInt: number)) }
        try writer.save()
        let admin = try PostgresConnection(conninfo: fixture.url)
        defer { admin.close() }
        _ = try admin.execute(#"CREATE INDEX "Row_int_test" ON "Row" ("int")"#)
        _ = try admin.execute(#"ANALYZE "Row""#)

        var descriptor = FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int, order: .reverse)])
        descriptor.fetchLimit = 5
        let context = ModelContext(fixture.container)
        let statement = try #require(try context.explain(descriptor).statements.first)
        let plan = try admin.execute("EXPLAIN " + statement.text, [PostgresParameter(.integer(5))])
        let lines = (0..<plan.rowCount).compactMap { plan.text(row: $0, column: 0) }
        #expect(lines.contains { $0.contains("Index Scan Backward") }, "plan: \(lines)")
        #expect(try context.fetch(descriptor).map(\.int) == Array(repeating: 96, count: 5))
    }
}
