import Foundation
import Strata
import StrataChangeProbeSupport
import Testing

/// Another OS process's saves reach this process's live queries, change streams and contexts.
@Suite struct SQLiteCrossProcessChangeTests {
    private func storePath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-xproc-\(name)-\(UUID().uuidString).sqlite").path
    }

    @Test func anotherProcessesSavesReachALiveQuery() async throws {
        let outcome = try await ChangeFollower.followProbe(on: storePath("live"), commits: 10)
        print("SQLite: another process's commit → live query answer (ms): \(outcome.run.milliseconds)")
        #expect(outcome.problems().isEmpty, "\(outcome.problems())")
    }

    @Test func anotherContainersUpdateShowsInThisContextsModel() async throws {
        let outcome = try await ChangeFollower.updateThroughAnotherContainer(storePath("merge"))
        #expect(outcome.change.isExternal && outcome.namesTheModel)
        #expect(outcome.labelRead == "after", "the registered model shows the other container's save without a refetch")
    }
}
