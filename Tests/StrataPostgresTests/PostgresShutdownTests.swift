import Foundation
import ServiceLifecycle
import ServiceLifecycleTestKit
import StrataConformance
import StrataCore
@testable import StrataPostgres
import StrataServiceLifecycle
import StrataAsync
import Testing

/// Shutting a store down: work under way finishes, new work is refused with a typed error, and
/// every connection is closed; as a swift-service-lifecycle `Service`, on graceful shutdown.
@Suite struct PostgresShutdownTests {
    @Test func shutdownLetsRunningFetchesFinishThenRefusesWork() async throws {
        // A short check-out timeout, so probing whether shutdown began never waits for the fetches.
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 4, configure: { $0.checkOutTimeout = .milliseconds(50) })
        let container = fixture.container
        let store = fixture.containerStore
        let context = ModelContext(container)
        for index in 0..<3 { context.insert(Row(tag: "r\(index)")) }
        try await context.save()
        // Four fetches, each on a thread of its own (a task's would hold one of the few
        // cooperative threads), wait on a table another session locked.
        let locker = try PostgresConnection(conninfo: fixture.url)
        _ = try locker.execute("BEGIN")
        _ = try locker.execute("LOCK TABLE \"Row\" IN ACCESS EXCLUSIVE MODE")
        let fetches = (0..<4).map { _ in PlainThread { try ModelContext(container).fetchCount(FetchDescriptor<Row>()) } }
        #expect(try await eventually(within: .seconds(30)) { try fixture.waitingOnLocks() == 4 })
        let finished = Flag()
        let shutdown = Task {
            await store.shutdown()
            finished.raise()
        }
        #expect(try await eventually { await Self.refusesWork(store) })
        #expect(!finished.isRaised, "shutdown waits for the fetches under way")
        #expect(try fixture.waitingOnLocks() == 4)
        _ = try locker.execute("ROLLBACK")
        locker.close()
        for fetch in fetches {
            #expect(try await fetch.value == 3, "a fetch under way when shutdown began completes normally")
        }
        await shutdown.value
        #expect(finished.isRaised)
        let otherStore = try await fixture.store.withConnection { $0.backendPID }
        #expect(try await eventually { try fixture.backendCount(excluding: otherStore) == 0 }, "every connection of the store is closed")
        let later = ModelContext(container)
        later.insert(Row(tag: "late"))
        #expect(Self.isRefused { try later.save() })
        #expect(later.hasChanges, "a refused save keeps the context's changes")
        #expect(Self.isRefused { try ModelContext(container).fetch(FetchDescriptor<Row>()) })
        #expect(try fixture.storedRowCount() == 3)
    }

    @Test func shutdownOfAnIdleStoreReturnsAtOnceAndCanBeRepeated() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 2)
        let store = fixture.containerStore
        _ = try await onPlainThread { try ModelContext(fixture.container).fetchCount(FetchDescriptor<Row>()) }
        await store.shutdown()
        await store.shutdown()
        let otherStore = try await fixture.store.withConnection { $0.backendPID }
        #expect(try await eventually { try fixture.backendCount(excluding: otherStore) == 0 }, "the store closed its connections")
        let error = await #expect(throws: PostgresError.self) { try await store.withConnection { _ = try $0.execute("SELECT 1") } }
        #expect(error?.kind == .shutDown)
    }

    /// As a `Service`: `run()` keeps the store open until graceful shutdown, then drains and closes it.
    @Test func theStoreServiceShutsDownGracefully() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 2)
        let store = fixture.containerStore
        try await testGracefulShutdown { trigger in
            let service = Task { try await store.run() }
            let context = ModelContext(fixture.container)
            context.insert(Row(tag: "while running"))
            try await context.save()
            // A fetch under way, waiting on a table another session locked.
            let locker = try PostgresConnection(conninfo: fixture.url)
            _ = try locker.execute("BEGIN")
            _ = try locker.execute("LOCK TABLE \"Row\" IN ACCESS EXCLUSIVE MODE")
            let fetch = PlainThread { try ModelContext(fixture.container).fetchCount(FetchDescriptor<Row>()) }
            #expect(try await eventually { try fixture.waitingOnLocks() == 1 })
            trigger.triggerGracefulShutdown()
            #expect(try await eventually { await Self.refusesWork(store) })
            _ = try locker.execute("ROLLBACK")
            try await service.value
            #expect(try await fetch.value == 1, "the fetch under way finished normally")
        }
        #expect(Self.isRefused { try ModelContext(fixture.container).fetchCount(FetchDescriptor<Row>()) })
        #expect(try fixture.storedRowCount() == 1)
    }

    /// Whether the store refuses a statement because it was shut down.
    private static func refusesWork(_ store: PostgresStore) async -> Bool {
        do {
            try await store.withConnection { _ = try $0.execute("SELECT 1") }
            return false
        } catch {
            return (error as? PostgresError)?.kind == .shutDown
        }
    }

    /// Whether `body` fails because the store was shut down.
    private static func isRefused(_ body: () throws -> Any) -> Bool {
        do {
            _ = try body()
            return false
        } catch {
            return (error as? PostgresError)?.kind == .shutDown
        }
    }
}

extension StoreFixture {
    /// How many of the store's statements are waiting for a lock.
    func waitingOnLocks() throws -> Int {
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        let database = URLComponents(string: url)!.path.dropFirst()
        let result = try admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = $1", [PostgresParameter(.string(String(database)))])
        return Int(result.int64(row: 0, column: 0) ?? 0)
    }
}
