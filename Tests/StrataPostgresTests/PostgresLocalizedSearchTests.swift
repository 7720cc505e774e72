import Foundation
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// `localizedStandardContains` has no exact SQL form on PostgreSQL (its `lower` follows the
/// collation, and nothing ignores diacritics without the `unaccent` extension): the other
/// conjuncts run in SQL, the search in Swift, and `explain` says so.
@Suite struct PostgresLocalizedSearchTests {
    @Test func theSearchRunsInSwiftAndExplainSaysSo() throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let writer = ModelContext(fixture.container)
        for (tag, string, int) in [("accented", "Café", 0), ("upper", "CAFE", 1), ("other", "Tea", 0)] {
            writer.insert(Row(tag: tag, int: int, string: string))
        }
        try writer.save()
        let context = ModelContext(fixture.container)
        let descriptor = FetchDescriptor<Row>(predicate: #Predicate { $0.string.localizedStandardContains("cafe") && $0.int == 0 })
        #expect(try context.fetch(descriptor).map(\.tag) == ["accented"])
        let explanation = try context.explain(descriptor)
        #expect(explanation.predicate == [.init("$0.string.localizedStandardContains(?)", .memory), .init("$0.int == ?", .store)])
        #expect(explanation.statements.first?.text.contains(#"WHERE ("t0"."int" = $1)"#) == true)
    }
}
