import Foundation
import MetricsTestKit
import StrataConformance
import StrataCore
@testable import StrataPostgres
import Testing

/// The pool's limits: how long a caller waits for a connection, how long connections live and
/// idle, statement timeouts, and what each is called in the URL.
@Suite struct PostgresPoolTests {
    @Test func poolSettingsComeFromTheURL() throws {
        let configuration = try PostgresConfiguration(
            url: "postgres://app@db.example.com/shop?pool_size=3&pool_timeout=0.25&pool_idle_timeout=60&pool_max_lifetime=0&sslmode=require")
        #expect(configuration.poolSize == 3)
        #expect(configuration.checkOutTimeout == .milliseconds(250))
        #expect(configuration.idleTimeout == .seconds(60))
        #expect(configuration.maxLifetime == nil)
        #expect(configuration.settings.sslMode == .require)
        let defaults = try PostgresConfiguration(url: "postgres://app@db.example.com/shop")
        #expect(defaults.poolSize == 8)
        #expect(defaults.checkOutTimeout == .seconds(30))
        #expect(defaults.idleTimeout == .seconds(300))
        #expect(defaults.maxLifetime == .seconds(3_600))
        #expect(defaults.recordsHistory)
        #expect(try !PostgresConfiguration(url: "postgres://app@db.example.com/shop?history=false").recordsHistory)
        for bad in ["pool_size=0", "pool_timeout=-1", "pool_idle_timeout=soon", "pgbouncer=yes", "replica_wait_timeout=1.5", "pool=3", "history=off"] {
            let error = #expect(throws: PostgresError.self) { try PostgresConfiguration(url: "postgres://app@h/db?\(bad)") }
            #expect(error?.kind == .invalidConfiguration, "\(bad)")
        }
    }

    /// The only connection is busy for up to 60 seconds: a caller on a worker (a task) and a
    /// caller on its own thread each give up after the check-out timeout, with a typed error,
    /// having sent nothing. (The busy statement is long so that a loaded machine, which may
    /// delay this test's task by seconds, cannot make it end first.)
    @Test func aCallerWaitingLongerThanTheCheckOutTimeoutFails() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 1, configure: { $0.checkOutTimeout = .milliseconds(300) })
        let store = fixture.containerStore
        let busy = Task { try await store.withConnection { _ = try $0.execute("SELECT pg_sleep(60)") } }
        #expect(try await eventually { try fixture.activeQueries("SELECT pg_sleep(60)") == 1 })
        let container = fixture.container
        let onWorker = ContinuousClock.now
        let workerError = await #expect(throws: PostgresError.self) { try await store.withConnection { _ = try $0.execute("SELECT 1") } }
        Self.expectCheckOutTimeout(workerError, waited: ContinuousClock.now - onWorker)
        let onThread = ContinuousClock.now
        let threadError = await #expect(throws: PostgresError.self) {
            _ = try await onPlainThread { try ModelContext(container).fetchCount(FetchDescriptor<Row>()) }
        }
        Self.expectCheckOutTimeout(threadError, waited: ContinuousClock.now - onThread)
        try fixture.cancelQuery("SELECT pg_sleep(60)")
        _ = await busy.result
        #expect(try await ModelContext(container).fetchCount(FetchDescriptor<Row>()) == 0, "the pool works again once the connection is free")
    }

    /// The timeout, not the busy connection's release, ended the wait.
    private static func expectCheckOutTimeout(_ error: PostgresError?, waited: Duration) {
        #expect(error?.kind == .checkOutTimeout, "\(error.map { "\($0)" } ?? "no error")")
        #expect(waited >= .milliseconds(300) && waited < .seconds(45), "waited \(waited)")
    }

    @Test func statementTimeoutAndOptionsApplyToEveryConnection() async throws {
        let url = try TestCluster.shared().makeDatabase(named: "timeouts")
        var configuration = try PostgresConfiguration(url: url + "?statement_timeout=200&options=-c%20lock_timeout%3D1234")
        configuration.schema = Schema([Row.self])
        let store = try PostgresStore(configuration, migrationPlan: nil)
        let lockTimeout = try await store.withConnection { try $0.execute("SELECT current_setting('lock_timeout')").text(row: 0, column: 0) }
        #expect(lockTimeout == "1234ms")
        let error = await #expect(throws: PostgresError.self) { try await store.withConnection { _ = try $0.execute("SELECT pg_sleep(2)") } }
        #expect(error?.kind == .statementTimeout)
        #expect(error?.sqlState == "57014")
        #expect(try await store.withConnection { try $0.execute("SELECT 1").rowCount } == 1, "the connection stays usable")
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        let metrics = TestMetrics()
        let url = try TestCluster.shared().makeDatabase(named: "idle")
        var configuration = try PostgresConfiguration(url: url)
        configuration.idleTimeout = .milliseconds(300)
        configuration.metricsFactory = metrics
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let store = try #require(container.dataStore as? PostgresStore)
        _ = try await store.withConnection { $0.backendPID }
        let connections = try metrics.expectGauge("strata.pool.connections", [("store", configuration.name)])
        #expect(try await eventually { connections.lastValue == 0 }, "the idle connection was closed without further calls")
        #expect(connections.values.contains(1), "it was open before")
        let recordedBefore = connections.values.count
        #expect(try await ModelContext(container).fetchCount(FetchDescriptor<Row>()) == 0)
        // Read from what was recorded, not the last value: the 300 ms timeout may close the new
        // connection again before this line runs on a loaded machine.
        #expect(connections.values.dropFirst(recordedBefore).contains(1), "and a new one opens on the next call")
    }

    @Test func aConnectionPastItsLifetimeIsReplaced() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 1, configure: {
            // Long enough that setup under a loaded full run (the store opens its first connection
            // while the container is created) does not age the first connection past it.
            $0.maxLifetime = .seconds(10)
            $0.idleTimeout = nil
        })
        let store = fixture.containerStore
        let first = try await store.withConnection { $0.backendPID }
        #expect(try await store.withConnection { $0.backendPID } == first, "a young connection is reused")
        try await Task.sleep(for: .milliseconds(10_200))
        #expect(try await store.withConnection { $0.backendPID } != first)
    }

    /// `strata.pool.wait` times each check-out and `strata.pool.connections` follows the open
    /// connections, both with the store's name as `store`.
    @Test func poolMetricsReportWaitsAndOpenConnections() async throws {
        let metrics = TestMetrics()
        var configuration = try PostgresConfiguration(url: TestCluster.shared().makeDatabase(named: "metrics"))
        configuration.poolSize = 3
        configuration.metricsFactory = metrics
        let container = try ModelContainer(for: Row.self, configurations: configuration)
        let store = try #require(container.dataStore as? PostgresStore)
        let dimensions = [("store", store.configuration.name)]
        // Each call holds its connection until all three are in, so the pool must open three
        // however late a loaded machine starts the last task.
        let allIn = CallBarrier(parties: 3)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask { try await store.withConnection { _ in allIn.arriveAndWait(timeout: 30) } }
            }
            for try await met in group { #expect(met, "three calls held connections at once") }
        }
        let connections = try metrics.expectGauge("strata.pool.connections", dimensions)
        #expect(connections.lastValue == 3)
        let waits = try metrics.expectTimer("strata.pool.wait", dimensions)
        // Opening the store (one check-out) and the three calls.
        #expect(waits.values.count == 4)
        #expect(waits.values.allSatisfy { $0 >= 0 && $0 < 5_000_000_000 })
        await store.shutdown()
        #expect(connections.lastValue == 0)
    }
}

extension StoreFixture {
    /// Cancels the running statements with exactly this text.
    func cancelQuery(_ sql: String) throws {
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        _ = try admin.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query = $1", [PostgresParameter(.string(sql))])
    }

    /// How many statements with exactly this text are running on the server.
    func activeQueries(_ sql: String) throws -> Int {
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        let result = try admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query = $1 AND state = 'active'", [PostgresParameter(.string(sql))])
        return Int(result.int64(row: 0, column: 0) ?? 0)
    }
}

/// Lets a fixed number of threads meet: each waits until all have arrived.
private final class CallBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    /// Waits until every party has arrived; `false` when `timeout` seconds pass first.
    func arriveAndWait(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            arrived += 1
            condition.broadcast()
            while arrived < parties { if !condition.wait(until: deadline) { return arrived >= parties } }
            return true
        }
    }
}
