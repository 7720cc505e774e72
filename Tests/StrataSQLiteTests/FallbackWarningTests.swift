import Foundation
import Logging
import StrataConformance
import StrataCore
import StrataSQLite
import Synchronization
import Testing

/// `ModelContainer.logger` gets a warning, with the entity and what fell back, whenever a
/// fetch, count, identifiers fetch or batch delete is evaluated partly in memory — and none
/// when SQL answers all of it.
@Suite struct FallbackWarningTests {
    /// A SQLite container of three `Order`s whose logger records what it receives.
    func container(wrapping interceptor: Interceptor? = nil) throws -> (ModelContainer, LogRecords) {
        let records = LogRecords()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
        let sqlite = SQLiteConfiguration(url: temporaryDatabase("warnings"))
        let configuration: any DataStoreConfiguration = interceptor.map { InterceptingConfiguration(wrapping: sqlite, interceptor: $0) } ?? sqlite
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [configuration], logger: logger)
        let context = ModelContext(container)
        for index in 0..<3 { context.insert(Order(select: "s\(index)", from: index)) }
        try context.save()
        return (container, records)
    }

    @Test func aFetchEvaluatedPartlyInMemoryWarnsOncePerOperation() throws {
        let (container, records) = try container()
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Order>(predicate: #Predicate { $0.from > 0 && $0.select.count == 2 })
        #expect(try context.fetch(descriptor).map(\.from) == [1, 2])
        #expect(try context.fetchCount(descriptor) == 2)
        #expect(try context.fetchIdentifiers(descriptor).count == 2)
        try context.delete(model: Order.self, where: descriptor.predicate)
        let warnings = records.all
        #expect(warnings.map(\.level) == [.warning, .warning, .warning, .warning, .warning])
        #expect(warnings.map { $0.metadata["operation"] } == ["fetch", "fetchCount", "fetchIdentifiers", "fetchIdentifiers", "delete(model:where:)"])
        #expect(warnings.allSatisfy { $0.metadata["entity"] == "Order" })
        #expect(warnings.prefix(4).allSatisfy { $0.metadata["inMemory"] == "predicate: $0.select.count == ?" })
        #expect(warnings.last?.metadata["inMemory"] == "predicate: $0.from > ? && $0.select.count == ?")
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Order>()) == 1)
    }

    @Test func aFullyTranslatedFetchDoesNotWarn() throws {
        let (container, records) = try container()
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Order>(predicate: #Predicate { $0.from > 0 && $0.group == nil }, sortBy: [SortDescriptor(\.from)])
        descriptor.fetchLimit = 1
        #expect(try context.fetch(descriptor).map(\.from) == [1])
        #expect(try context.fetchCount(descriptor) == 1)
        #expect(try context.fetchIdentifiers(descriptor).count == 1)
        try context.delete(model: Order.self, where: #Predicate { $0.from == 0 })
        #expect(records.all.isEmpty)
    }

    @Test func aStoreRefusingThePredicateWarnsFromTheContext() throws {
        let refusing = Interceptor { call in
            if call.hasPredicate, call.operation != .save { throw DataStoreError.preferInMemoryFilter }
        }
        let (container, records) = try container(wrapping: refusing)
        let context = ModelContext(container)
        #expect(try context.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.from == 1 })).map(\.from) == [1])
        let warnings = records.all
        #expect(warnings.count == 1)
        #expect(warnings.first?.message == "fetch of Order falls back to memory: the store refused the predicate")
        #expect(warnings.first?.metadata["inMemory"] == "predicate: $0.from == ?")
    }

    @Test func aStoreRefusingTheSortWarnsWithTheSort() throws {
        let refusing = Interceptor { call in
            if call.hasSort { throw DataStoreError.preferInMemorySort }
        }
        let (container, records) = try container(wrapping: refusing)
        let orders = try ModelContext(container).fetch(FetchDescriptor<Order>(sortBy: [SortDescriptor(\.from, order: .reverse)]))
        #expect(orders.map(\.from) == [2, 1, 0])
        #expect(records.all.map(\.message) == ["fetch of Order falls back to memory: the store refused the sort"])
        #expect(records.all.map { $0.metadata["inMemory"] } == ["sort: from descending"])
    }

    @Test func theDefaultLoggerIsSilent() throws {
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [SQLiteConfiguration(url: temporaryDatabase("silent"))])
        #expect(container.logger.logLevel == .critical)
        #expect(try ModelContext(container).fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.select.count == 2 })).isEmpty)
    }
}
