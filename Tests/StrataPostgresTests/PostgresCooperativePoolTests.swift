import Foundation
import StrataConformance
import StrataCore
@testable import StrataPostgres
import StrataAsync
import Testing

/// libpq blocks; the store runs it on its own threads, so Swift's cooperative pool stays free.
@Suite struct PostgresCooperativePoolTests {
    @Test func sixteenSlowQueriesLeaveTheCooperativePoolFree() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 16)
        let store = fixture.store
        let started = ContinuousClock.now
        let sleepers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await store.withConnection { _ = try $0.execute("SELECT pg_sleep(5)") } }
                }
                try await group.waitForAll()
            }
        }
        // Wait until all sixteen are running on the server, then time a task on the cooperative pool.
        try await waitUntil { try fixture.sessions(where: "query = 'SELECT pg_sleep(5)' AND state = 'active'") == 16 }
        // Were the sixteen holding cooperative threads, this task would wait for them (5 s).
        let probeStarted = ContinuousClock.now
        let probeRan = await Task.detached { ContinuousClock.now }.value
        #expect(probeRan - probeStarted < .seconds(2), "a cooperative task waited \(probeRan - probeStarted)")
        #expect(try fixture.sessions(where: "query = 'SELECT pg_sleep(5)' AND state = 'active'") == 16, "the slow queries were still in flight when the task ran")
        try await sleepers.value
        #expect(ContinuousClock.now - started >= .seconds(5))
    }

    /// Contexts on the cooperative pool's callers: 16 tasks each fetch through their own
    /// `ModelActor`, whose executor is a serial queue, not a cooperative thread.
    @Test func modelActorsFetchingConcurrentlyAllFinish() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 4)
        let context = ModelContext(fixture.container)
        for index in 0..<20 { context.insert(Row(tag: "r\(index)", int: index)) }
        try await context.save()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                let reader = RowReader(modelContainer: fixture.container)
                group.addTask { try await reader.countRows() }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 20, count: 16))
    }

}

@ModelActor
actor RowReader {
    func countRows() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Row>())
    }
}
