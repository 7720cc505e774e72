import StrataConformance
import StrataCore
import StrataInMemory
import Testing

/// Several contexts on one in-memory store, saving from concurrent tasks.
@Suite struct InMemoryConcurrencyTests {
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(for: Schema(ConformanceModels.all), configurations: [InMemoryConfiguration()])
    }

    @Test func concurrentSavesLoseNoRows() async throws {
        let container = self.container
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    let context = ModelContext(container)
                    for index in 0..<50 {
                        context.insert(Row(tag: "\(worker)-\(index)", int: index))
                        if index % 10 == 9 { try context.save() }
                    }
                }
            }
            try await group.waitForAll()
        }
        let context = ModelContext(container)
        #expect(try context.fetchCount(FetchDescriptor<Row>()) == 400)
        #expect(Set(try context.fetch(FetchDescriptor<Row>()).map(\.tag)).count == 400)
    }

    @Test func concurrentUpsertsOfOneUniqueValueLeaveOneRow() async throws {
        let container = self.container
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    let context = ModelContext(container)
                    context.insert(Account(email: "shared@example.com", balance: worker))
                    try context.save()
                }
            }
            try await group.waitForAll()
        }
        let accounts = try ModelContext(container).fetch(FetchDescriptor<Account>())
        #expect(accounts.count == 1)
        #expect((0..<8).contains(accounts.first?.balance ?? -1))
    }

    @Test func readersSeeWholeSavesOnly() async throws {
        let container = self.container
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                let context = ModelContext(container)
                for batch in 0..<20 {
                    for index in 0..<10 { context.insert(Row(tag: "\(batch)-\(index)")) }
                    try context.save()
                }
                return 0
            }
            group.addTask {
                var partial = 0
                for _ in 0..<200 {
                    let count = try ModelContext(container).fetchCount(FetchDescriptor<Row>())
                    if count % 10 != 0 { partial += 1 }
                }
                return partial
            }
            for try await partial in group {
                #expect(partial == 0, "a reader saw a half-applied save")
            }
        }
    }
}
