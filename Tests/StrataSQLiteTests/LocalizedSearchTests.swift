import Foundation
import StrataConformance
import StrataCore
import Testing

@testable import StrataSQLite

/// `localizedStandardContains` runs in SQLite, through the function every connection registers,
/// and `explain` says so.
@Suite struct LocalizedSearchTests {
    func container(recorder: SQLiteTraceTests.Recorder) throws -> ModelContainer {
        var configuration = SQLiteConfiguration(url: temporaryDatabase("localized"))
        configuration.trace = { recorder.record($0) }
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let context = ModelContext(container)
        for (tag, string) in [("accented", "Café"), ("upper", "CAFE"), ("other", "Tea")] { context.insert(Row(tag: tag, string: string)) }
        try context.save()
        recorder.clear()
        return container
    }

    @Test func theSearchRunsInSQLAndExplainSaysSo() throws {
        let recorder = SQLiteTraceTests.Recorder()
        let context = ModelContext(try container(recorder: recorder))
        let descriptor = FetchDescriptor<Row>(predicate: #Predicate { $0.string.localizedStandardContains("cafe") && $0.int == 0 })
        #expect(Set(try context.fetch(descriptor).map(\.tag)) == ["accented", "upper"])
        #expect(recorder.selects.count == 1)
        #expect(recorder.selects.allSatisfy { $0.contains(#"WHERE (strata_localized_standard_contains("t0"."string", ?) AND ("t0"."int" = ?))"#) })
        let explanation = try context.explain(descriptor)
        #expect(explanation.predicate == [.init("$0.string.localizedStandardContains(?)", .store), .init("$0.int == ?", .store)])
        #expect(!explanation.fallsBack)
    }

    @Test func theFunctionAnswersAsFoundationOnlyInDirectSQL() throws {
        let connection = try SQLiteConnection(inMemory: ())
        #expect(try connection.query("SELECT strata_localized_standard_contains('Crème', 'CREME')") { $0.int64(at: 0) } == [1])
        #expect(try connection.query("SELECT strata_localized_standard_contains(NULL, 'x')") { $0.isNull(at: 0) } == [true])
        try connection.execute("CREATE VIEW v AS SELECT strata_localized_standard_contains('a', 'a') AS x")
        #expect(throws: SQLiteError.self) { try connection.execute("SELECT x FROM v") }
    }
}
