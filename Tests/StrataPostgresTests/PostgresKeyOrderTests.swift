import Foundation
import StrataConformance
import StrataCore
import StrataSQL
import Synchronization
import Testing

@testable import StrataPostgres

/// An unsorted fetch asks PostgreSQL for no order (a sequential scan) and puts rows in key
/// order in memory: rows come back in insertion order even when the table's heap order is not.
@Suite struct PostgresKeyOrderTests {
    @Test func unsortedFetchesReturnInsertionOrderAfterUpdatesMoveRows() throws {
        let statements = Mutex<[String]>([])
        let fixture = try StoreFixture(cluster: TestCluster.shared()) { sql in statements.withLock { $0.append(sql) } }
        let writer = ModelContext(fixture.container)
        let rows = (1...6).map { Row(tag: "r\($0)", int: $0) }
        for row in rows { writer.insert(row) }
        try writer.save()
        // An update writes a new row version after the others, so a scan meets these last.
        rows[0].string = "moved"
        rows[2].string = "moved"
        try writer.save()
        let admin = try PostgresConnection(conninfo: fixture.url)
        defer { admin.close() }
        let scanned = try admin.integers(SQLStatement(text: #"SELECT "_pk" FROM "Row""#, binds: []))
        #expect(scanned != scanned.sorted(), "the heap order differs from key order, so the test exercises the sort")

        statements.withLock { $0.removeAll() }
        let reader = ModelContext(fixture.container)
        #expect(try reader.fetch(FetchDescriptor<Row>()).map(\.tag) == rows.map(\.tag))
        #expect(try reader.fetchIdentifiers(FetchDescriptor<Row>()) == rows.map(\.persistentModelID))
        let moved = FetchDescriptor<Row>(predicate: #Predicate { $0.int != 2 })
        #expect(try reader.fetch(moved).map(\.tag) == ["r1", "r3", "r4", "r5", "r6"])
        #expect(statements.withLock { $0.filter { $0.hasPrefix("SELECT") && $0.contains("ORDER BY") } } == [])
    }
}
