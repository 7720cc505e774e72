import Foundation
import StrataConformance
import StrataCore
@testable import StrataPostgres
import Synchronization
import Testing

/// Every wait for the server has an end on the client's side: a backend that stops answering
/// mid-query fails the call with `.responseTimeout` once ``PostgresConfiguration/responseTimeout``
/// passes, where the server's own `statement_timeout` cannot fire.
@Suite struct PostgresResponseTimeoutTests {
    /// Issue 28's case: `pool_size=4`, `statement_timeout=1000`, the four backends stopped with
    /// SIGSTOP, four `fetchCount` calls. Before, they waited until the backends resumed (here
    /// after 15 s); now each fails at the derived deadline (1 s + 2 s), and the store recovers.
    @Test func callsOnStoppedBackendsFailAtTheDeadline() async throws {
        let fixture = try StoreFixture(cluster: TestCluster.shared(), poolSize: 4, urlParameters: "statement_timeout=1000")
        #expect(fixture.containerStore.configuration.responseTimeout == .seconds(3))
        try await fixture.warmUp(connections: 4)
        let stopped = try StoppedBackends(try fixture.storeBackendPIDs(), resumeAfter: .seconds(15))
        defer { stopped.resume() }
        let container = fixture.container
        let calls = (0..<4).map { _ in
            Task { () -> (Duration, (any Error)?) in
                let started = ContinuousClock.now
                do {
                    _ = try await ModelContext(container).async.fetchCount(FetchDescriptor<Row>())
                    return (ContinuousClock.now - started, nil)
                } catch {
                    return (ContinuousClock.now - started, error)
                }
            }
        }
        var waits: [Duration] = []
        for call in calls {
            let (waited, error) = await call.value
            waits.append(waited)
            #expect((error as? PostgresError)?.kind == .responseTimeout, "\(String(describing: error))")
        }
        #expect(waits.allSatisfy { $0 >= .seconds(3) && $0 < .seconds(8) }, "waits: \(waits)")
        stopped.resume()
        #expect(try await ModelContext(container).async.fetchCount(FetchDescriptor<Row>()) == 0, "the pool replaced the closed connections")
    }

    /// A deadline during `COMMIT` cannot tell whether the save was written: outcome unknown.
    @Test func aDeadlineDuringCommitIsOutcomeUnknown() async throws {
        let stopper = CommitStopper()
        let fixture = try StoreFixture(cluster: TestCluster.shared(), trace: stopper.trace) { $0.responseTimeout = .seconds(2) }
        stopper.pids.withLock { $0 = try? fixture.storeBackendPIDs() }
        let context = ModelContext(fixture.container)
        context.insert(Row(tag: "maybe"))
        #expect { try context.save() } throws: { ($0 as? PostgresError)?.kind == .commitOutcomeUnknown }
        stopper.resume()
        #expect(context.hasChanges, "the context keeps its changes; the app decides whether to check and retry")
    }

    @Test func theResponseTimeoutFollowsTheStatementTimeoutUnlessSet() throws {
        #expect(try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop").responseTimeout == .seconds(300))
        #expect(try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop?statement_timeout=2000").responseTimeout == .seconds(4))
        #expect(try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop?statement_timeout=2000&response_timeout=0.5").responseTimeout == .milliseconds(500))
        #expect(try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop?response_timeout=0").responseTimeout == nil)
        var configuration = try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop")
        configuration.responseTimeout = nil
        #expect(configuration.responseTimeout == nil)
        let error = #expect(throws: PostgresError.self) { try PostgresConfiguration(url: "postgres://app@127.0.0.1/shop?response_timeout=soon") }
        #expect(error?.kind == .invalidConfiguration)
    }
}

/// Stops the store's backends as its `COMMIT` is sent: the commit's answer never comes.
private final class CommitStopper: Sendable {
    let pids = Mutex<Set<Int32>?>(nil)
    private let stopped = Mutex<StoppedBackends?>(nil)

    var trace: @Sendable (String) -> Void {
        { [self] sql in
            guard sql == "COMMIT", let pids = pids.withLock({ $0 }), !pids.isEmpty else { return }
            stopped.withLock { $0 = $0 ?? (try? StoppedBackends(pids, resumeAfter: .seconds(10))) }
        }
    }

    func resume() { stopped.withLock { $0?.resume() } }
}
