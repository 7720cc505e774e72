import Foundation
import StrataConformance
import StrataCore
@testable import StrataPostgres
import StrataAsync
import Synchronization
import Testing

/// A connection that dies is replaced; a read is retried once, a write never silently; a loss
/// during `COMMIT` is "outcome unknown".
@Suite struct PostgresConnectionLossTests {
    @Test func aReadAfterTheConnectionDiedIsRetriedOnAFreshOne() throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "kept"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Row>()) == 1)
        try fixture.terminateStoreBackends()
        #expect(try ModelContext(fixture.container).fetch(FetchDescriptor<Row>()).map(\.tag) == ["kept"])
    }

    @Test func aSaveAfterTheConnectionDiedBetweenOperationsSucceeds() throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "first"))
        try context.save()
        try fixture.terminateStoreBackends()
        context.insert(Row(tag: "second"))
        try context.save()
        #expect(try fixture.storedRowCount() == 2)
    }

    @Test func aConnectionLostInsideASaveFailsItAndKeepsThePendingChanges() throws {
        let killer = BackendKiller(when: { $0.hasPrefix("INSERT") })
        let fixture = try StoreFixture(cluster: TestCluster.shared(), trace: killer.trace)
        killer.fixture.withLock { $0 = fixture }
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "pending"))
        #expect { try context.save() } throws: { ($0 as? PostgresError)?.kind == .connectionLost }
        #expect(try fixture.storedRowCount() == 0)
        #expect(context.hasChanges)
        killer.disarm()
        try context.save()
        #expect(try fixture.storedRowCount() == 1)
    }

    @Test func aConnectionLostDuringCommitIsOutcomeUnknown() throws {
        let killer = BackendKiller(when: { $0 == "COMMIT" })
        let fixture = try StoreFixture(cluster: TestCluster.shared(), trace: killer.trace)
        killer.fixture.withLock { $0 = fixture }
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "maybe"))
        #expect { try context.save() } throws: { ($0 as? PostgresError)?.kind == .commitOutcomeUnknown }
        #expect(context.hasChanges, "the context keeps its changes; the app decides whether to check and retry")
    }

    /// Eight contexts save in a loop while the server restarts: saves fail only with connection
    /// errors while it is down, every save reported as written is in the database, and saving
    /// works again afterwards.
    @Test func concurrentSavesSurviveAServerRestart() async throws {
        let cluster = try TestCluster.makePrivate()
        defer { cluster.stop() }
        let fixture = try StoreFixture(cluster: cluster, poolSize: 4)
        let tally = SaveTally()
        let startedBefore = try serverStartTime(cluster)
        let deadline = ContinuousClock.now + .seconds(4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                let saver = RowSaver(modelContainer: fixture.container)
                group.addTask {
                    var round = 0
                    while ContinuousClock.now < deadline {
                        round += 1
                        tally.count(try await saver.insert(tag: "w\(worker)-\(round)"))
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(800))
                try cluster.restart()
            }
            try await group.waitForAll()
        }
        let stored = try fixture.storedRowCount()
        let (sure, maybe) = (tally[.written], tally[.outcomeUnknown])
        #expect(try serverStartTime(cluster) > startedBefore, "the server restarted during the saves")
        #expect(stored >= sure && stored <= sure + maybe, "\(stored) rows stored; \(sure) saves written, \(maybe) with unknown outcome")
        let after = ModelContext(fixture.container)
        after.insert(Row(tag: "after"))
        try await after.save()
        #expect(try fixture.storedRowCount() == stored + 1)
    }

    /// When the server last started, in microseconds since 2000.
    private func serverStartTime(_ cluster: TestCluster) throws -> Int64 {
        let connection = try PostgresConnection(conninfo: cluster.url)
        defer { connection.close() }
        let result = try connection.execute("SELECT (extract(epoch FROM pg_postmaster_start_time()) * 1000000)::bigint")
        return result.int64(row: 0, column: 0) ?? 0
    }
}

/// Terminates the store's backend when the store is about to run a matching statement.
final class BackendKiller: Sendable {
    let fixture = Mutex<StoreFixture?>(nil)
    private let armed = Atomic<Bool>(true)
    private let matches: @Sendable (String) -> Bool

    init(when matches: @escaping @Sendable (String) -> Bool) {
        self.matches = matches
    }

    var trace: @Sendable (String) -> Void {
        { [self] sql in
            guard matches(sql), armed.load(ordering: .relaxed), let fixture = fixture.withLock({ $0 }) else { return }
            try? fixture.terminateStoreBackends()
        }
    }

    func disarm() { armed.store(false, ordering: .relaxed) }
}

/// How many saves ended each way.
final class SaveTally: Sendable {
    private let counts = Mutex<[RowSaver.Outcome: Int]>([:])

    func count(_ outcome: RowSaver.Outcome) { counts.withLock { $0[outcome, default: 0] += 1 } }

    subscript(outcome: RowSaver.Outcome) -> Int { counts.withLock { $0[outcome] ?? 0 } }
}

/// A context that inserts rows and reports how each save ended.
@ModelActor
actor RowSaver {
    enum Outcome: Hashable, Sendable { case written, outcomeUnknown, refused }

    /// - Throws: any error other than a lost or refused connection.
    func insert(tag: String) async throws -> Outcome {
        modelContext.insert(Row(tag: tag))
        do {
            try await modelContext.save()
            return .written
        } catch let error as PostgresError where error.kind == .commitOutcomeUnknown {
            modelContext.rollback()
            return .outcomeUnknown
        } catch let error as PostgresError where error.category == .connectionLost {
            modelContext.rollback()
            try? await Task.sleep(for: .milliseconds(20))
            return .refused
        }
    }
}
