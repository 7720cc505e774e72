import Foundation
import MetricsTestKit
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// The store behind pgbouncer in transaction-pooling mode (``TestPgBouncer``): the store's
/// connections share two server connections, so consecutive transactions of one store
/// connection meet different server sessions, and the store must keep no session state.
@Suite struct PostgresPgBouncerTests {
    @Test func everyKindOfWorkRunsThroughTransactionPooling() async throws {
        let bouncer = try TestPgBouncer.shared()
        let database = try TestCluster.shared().makeDatabase(named: "bouncer")
        let metrics = TestMetrics()
        var configuration = try PostgresConfiguration(url: try bouncer.url(for: database) + "?pgbouncer=true&pool_size=8")
        configuration.metricsFactory = metrics
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let store = try #require(container.dataStore as? PostgresStore)
        // Three store connections at once, over two server connections.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { try await store.withConnection { _ = try $0.execute("SELECT pg_sleep(0.3)") } } }
            try await group.waitForAll()
        }
        // Eight contexts, each on a thread of its own, so they really run at once.
        let workers = (0..<8).map { worker in
            PlainThread {
                let context = ModelContext(container)
                // 1,000 rows go out as one binary COPY; 10 more as a multi-row INSERT.
                let count = worker == 0 ? 1_000 : 10
                for index in 0..<count { context.insert(Row(tag: "w\(worker)-\(index)", int: worker)) }
                try context.save()
                var counts: [Int] = []
                for round in 0..<5 {
                    let mine = try context.fetch(FetchDescriptor<Row>(predicate: #Predicate { $0.int == worker }))
                    counts.append(mine.count)
                    for row in mine { row.double = Double(round) }
                    try context.save()  // pipelined updates
                }
                counts.append(try context.fetchCount(FetchDescriptor<Row>(predicate: #Predicate { $0.int == worker && $0.double == 4 })))
                let kept = "w\(worker)-0"
                try context.delete(model: Row.self, where: #Predicate { $0.int == worker && $0.tag != kept })
                try context.save()
                return counts
            }
        }
        for (worker, thread) in workers.enumerated() {
            // Each round fetched all of the worker's rows, and the last update reached every one.
            #expect(try await thread.value == Array(repeating: worker == 0 ? 1_000 : 10, count: 6), "worker \(worker)")
        }
        let rows = try await ModelContext(container).fetch(FetchDescriptor<Row>(sortBy: [SortDescriptor(\.int)]))
        #expect(rows.map(\.tag) == (0..<8).map { "w\($0)-0" })
        let opened = try metrics.expectGauge("strata.pool.connections", [("store", configuration.name)]).values
        #expect((opened.max() ?? 0) >= 3, "the store had more connections than pgbouncer had server connections")
    }

    @Test func sessionSettingsPgBouncerTracksHoldOnEveryServerConnection() async throws {
        let bouncer = try TestPgBouncer.shared()
        let database = try TestCluster.shared().makeDatabase(named: "bouncersettings")
        var configuration = try PostgresConfiguration(url: try bouncer.url(for: database) + "?pgbouncer=true")
        configuration.schema = Schema([Row.self])
        let store = try PostgresStore(configuration, migrationPlan: nil)
        // Four clients take turns on the two server connections, so each is moved between them.
        let settings = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await (0..<20).asyncMap { _ in
                        try await store.withConnection { connection in
                            let result = try connection.execute("SELECT current_setting('TimeZone') || ' ' || current_setting('client_encoding')")
                            return result.text(row: 0, column: 0) ?? ""
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(settings) == ["UTC UTF8"])
    }

    @Test(arguments: ["&statement_timeout=100", "&options=-c%20work_mem%3D8MB"])
    func transactionPoolingRefusesSessionState(parameter: String) throws {
        let error = #expect(throws: PostgresError.self) {
            var configuration = try PostgresConfiguration(url: "postgres://app@127.0.0.1/db?pgbouncer=true" + parameter)
            configuration.schema = Schema([Row.self])
            _ = try PostgresStore(configuration, migrationPlan: nil)
        }
        #expect(error?.kind == .invalidConfiguration)
        let namespaced = #expect(throws: PostgresError.self) {
            var configuration = try PostgresConfiguration(url: "postgres://app@127.0.0.1/db?pgbouncer=true", namespace: "tenant")
            configuration.schema = Schema([Row.self])
            _ = try PostgresStore(configuration, migrationPlan: nil)
        }
        #expect(namespaced?.kind == .invalidConfiguration)
    }
}

extension Sequence {
    /// The results of `transform` on each element, in order, one at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
