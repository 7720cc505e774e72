import Foundation
import StrataChangeProbeSupport
import Testing

/// Another OS process's saves reach this process's live queries, change streams and contexts
/// (through `LISTEN`/`NOTIFY` and the history).
@Suite struct PostgresCrossProcessChangeTests {
    @Test func anotherProcessesSavesReachALiveQuery() async throws {
        let outcome = try await ChangeFollower.followProbe(on: try TestCluster.shared().makeDatabase(named: "xproclive"), commits: 10)
        print("PostgreSQL: another process's commit → live query answer (ms): \(outcome.run.milliseconds)")
        #expect(outcome.problems().isEmpty, "\(outcome.problems())")
    }

    @Test func anotherContainersUpdateShowsInThisContextsModel() async throws {
        let outcome = try await ChangeFollower.updateThroughAnotherContainer(try TestCluster.shared().makeDatabase(named: "xprocmerge"))
        #expect(outcome.change.isExternal && outcome.namesTheModel)
        #expect(outcome.labelRead == "after", "the registered model shows the other container's save without a refetch")
    }
}
