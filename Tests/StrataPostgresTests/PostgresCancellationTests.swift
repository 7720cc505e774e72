import Foundation
import StrataConformance
import StrataCore
@testable import StrataPostgres
import Testing

/// A cancelled task's call lets go promptly: queued, it is dropped; running, the statement is
/// cancelled on the server (`PQcancel`). It throws `CancellationError`, a save stays
/// all-or-nothing, and the connection goes back to the pool healthy.
@Suite struct PostgresCancellationTests {
    /// Issue 28's case under load: with a pool of 4, sixteen `async` context calls (fetches and
    /// saves) and four @ModelActor saves wait on a table another session has locked; all are
    /// cancelled once four reached the server. Before, they returned when the lock was released
    /// (`StrataBenchmark --interrupts` measured 3 s); now each throws `CancellationError` within
    /// moments, nothing they would have written is stored, and the pool kept its four connections.
    @Test func cancelledCallsWaitingOnALockLetGoPromptly() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 4)
        let seeding = ModelContext(fixture.container)
        seeding.insert(Row(tag: "kept"))
        try await seeding.save()
        try await fixture.warmUp(connections: 4)
        let connectionsBefore = try fixture.storeBackendPIDs()
        let lock = try TableLock(fixture: fixture, releaseAfter: .seconds(180))
        let container = fixture.container
        var calls: [Task<CallOutcome, Never>] = []
        for index in 0..<16 {
            calls.append(Task {
                let context = ModelContext(container)
                guard !index.isMultiple(of: 2) else {
                    return await CallOutcome.of { _ = try await context.async.fetch(FetchDescriptor<Row>()) } keptChanges: { true }
                }
                context.insert(Row(tag: "cancelled \(index)"))
                return await CallOutcome.of { try await context.async.save() } keptChanges: { context.hasChanges }
            })
        }
        for index in 0..<4 {
            let saver = CancellableSaver(modelContainer: container)
            calls.append(Task { await CallOutcome.of { try await saver.insert(tag: "actor \(index)") } keptChanges: { await saver.hasChanges } })
        }
        try #require(try await eventually { try fixture.sessions(where: "wait_event_type = 'Lock'") >= 4 }, "four calls reached the server")
        let cancelledAt = ContinuousClock.now
        for call in calls { call.cancel() }
        var latencies: [Duration] = []
        for call in calls {
            let outcome = await call.value
            latencies.append(outcome.returnedAt - cancelledAt)
            #expect(outcome.error is CancellationError, "\(String(describing: outcome.error))")
            #expect(outcome.keptChanges, "a cancelled save keeps its context's changes")
        }
        let worst = latencies.max() ?? .zero
        // Unloaded, the worst is ~25 ms; the bound leaves room for a loaded full run. Without
        // cancellation the calls would wait for the lock, released only below.
        #expect(worst < .seconds(5), "worst latency from cancel to return: \(worst); all: \(latencies)")
        try lock.release()
        #expect(try fixture.storedRowCount() == 1, "a cancelled save wrote nothing")
        #expect(try fixture.sessions(where: "state = 'idle in transaction'") == 0)
        #expect(try fixture.storeBackendPIDs() == connectionsBefore, "the pool kept its connections")
        let after = ModelContext(container)
        after.insert(Row(tag: "after"))
        try await after.async.save()
        #expect(try fixture.storedRowCount() == 2)
    }

    /// A cancelled save keeps its pending changes, as any failed save does: saving again writes them.
    @Test func aCancelledSaveKeepsItsChanges() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let lock = try TableLock(fixture: fixture, releaseAfter: .seconds(180))
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "retried"))
        nonisolated(unsafe) let saving = context
        let save = Task { try await saving.async.save() }
        try #require(try await eventually { try fixture.sessions(where: "wait_event_type = 'Lock'") >= 1 }, "the call reached the server")
        save.cancel()
        await #expect(throws: CancellationError.self) { try await save.value }
        try lock.release()
        #expect(context.hasChanges)
        try await context.async.save()
        #expect(try fixture.storedRowCount() == 1)
    }

    /// A synchronous call from a task (which blocks its thread) is stopped too: its thread looks
    /// at the task between waits.
    @Test func aSynchronousCallFromACancelledTaskStops() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared())
        let lock = try TableLock(fixture: fixture, releaseAfter: .seconds(180))
        defer { try? lock.release() }
        let container = fixture.container
        let count = Task.detached { try Self.countSynchronously(in: container) }
        try #require(try await eventually { try fixture.sessions(where: "wait_event_type = 'Lock'") >= 1 }, "the call reached the server")
        let cancelledAt = ContinuousClock.now
        count.cancel()
        await #expect(throws: CancellationError.self) { try await count.value }
        #expect(ContinuousClock.now - cancelledAt < .seconds(5), "the lock is held for minutes")
    }

    /// A synchronous `fetchCount`, as a function that is not `async` makes it.
    private static func countSynchronously(in container: ModelContainer) throws -> Int {
        try ModelContext(container).fetchCount(FetchDescriptor<Row>())
    }

    /// A task cancelled before its call starts sends nothing: the save throws and writes nothing.
    @Test func aCallOfAnAlreadyCancelledTaskSendsNothing() async throws {
        let recorder = SQLRecorder()
        let fixture = try StoreFixture(cluster: TestCluster.shared(), trace: recorder.hook)
        let container = fixture.container
        let before = recorder.statements.count
        let save = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let context = ModelContext(container)
            context.insert(Row(tag: "never"))
            try await context.async.save()
        }
        await #expect(throws: CancellationError.self) { try await save.value }
        #expect(recorder.statements.count == before, "\(recorder.statements.dropFirst(before))")
        #expect(try fixture.storedRowCount() == 0)
    }
}

/// How one cancelled call ended.
private struct CallOutcome: Sendable {
    let error: (any Error)?
    let returnedAt: ContinuousClock.Instant
    let keptChanges: Bool

    static func of(_ call: () async throws -> Void, keptChanges: () async -> Bool) async -> CallOutcome {
        var error: (any Error)?
        do { try await call() } catch let thrown { error = thrown }
        let returnedAt = ContinuousClock.now
        return CallOutcome(error: error, returnedAt: returnedAt, keptChanges: await keptChanges())
    }
}

/// Saves from a model actor: synchronous calls on the actor's own queue.
@ModelActor
private actor CancellableSaver {
    func insert(tag: String) throws {
        modelContext.insert(Row(tag: tag))
        try modelContext.save()
    }

    var hasChanges: Bool { modelContext.hasChanges }
}
