import Foundation
import Strata
import Testing

/// Code written for SwiftData, in a module where another file imports StrataPostgres: `async`
/// functions call `fetch`, `save()` and `delete(model:where:)` without `await`, as SwiftData
/// requires. This file compiling is the test: were the suspending forms visible in this module,
/// each plain call below would be an error ("expression is 'async' but is not marked with
/// 'await'"). The test then checks that the calls do what they say.
@Model final class Journal {
    var title: String
    var words: Int

    init(title: String, words: Int) {
        self.title = title
        self.words = words
    }
}

/// A repository of the kind ported apps have.
struct JournalRepository {
    let context: ModelContext

    func add(_ title: String, words: Int) async throws {
        context.insert(Journal(title: title, words: words))
        try context.save()
    }

    func titles() async throws -> [String] {
        try context.fetch(FetchDescriptor<Journal>(sortBy: [SortDescriptor(\.title)])).map(\.title)
    }

    func count() async throws -> Int {
        try context.fetchCount(FetchDescriptor<Journal>())
    }

    func removeShort() async throws {
        try context.delete(model: Journal.self, where: #Predicate { $0.words < 100 })
        try context.save()
    }
}

@Suite struct SwiftDataStyleCodeTests {
    @Test func asyncFunctionsCallTheSynchronousContextMethods() async throws {
        let container = try ModelContainer(for: Journal.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let repository = JournalRepository(context: ModelContext(container))
        try await repository.add("Lisbon", words: 40)
        try await repository.add("Porto", words: 400)
        #expect(try await repository.titles() == ["Lisbon", "Porto"])
        try await repository.removeShort()
        #expect(try await repository.count() == 1)
        #expect(try await repository.titles() == ["Porto"])
    }

    /// The module does choose PostgreSQL; the configuration is built without a server.
    @Test func theServerFileConfiguresPostgreSQL() throws {
        let configuration = try ServerStore.configuration(url: "postgres://app@127.0.0.1:5432/journal")
        #expect(configuration.poolSize == 4)
    }
}
