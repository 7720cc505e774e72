import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Testing

/// An import is one history transaction and one change under the importer's author, so a
/// consumer of the change feed can skip the echoes of its own sync.
@Suite struct SyncChangeFeedTests {
    @Test func anImportRecordsItsAuthorInHistoryAndTheChangeFeed() async throws {
        let container = try ModelContainer(for: Schema(SyncCases.schema), configurations: [SQLiteConfiguration.inMemory()])
        var changes = container.changes().makeAsyncIterator()
        let payload = Data(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B"}]"#.utf8)
        try SyncImporter(container: container, author: "pull").importJSON(payload, as: SyncUser.self)
        let change = try #require(await changes.next())
        #expect(change.author == "pull" && change.inserted.count == 2)
        let context = ModelContext(container)
        let history = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.map(\.author) == ["pull"], "one transaction, under the importer's author")
        let notEchoes = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.author != "pull" }))
        #expect(notEchoes.isEmpty, "a consumer skipping its own author sees nothing to do")
    }
}
