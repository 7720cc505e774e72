import Foundation
import StrataChangeProbeSupport
import StrataConformance
import StrataCore
@testable import StrataSQLite
import Testing

/// `PRAGMA data_version` polling: a commit through another connection, in this process or
/// another, reaches `onCommit`; a cancelled observation stays silent.
@Suite struct SQLiteExternalCommitTests {
    /// A store file with ``ChangeProbeItem``'s tables, and an observation of it.
    private func observedStore(_ name: String) throws -> (path: String, observer: ModelContainer, signals: CommitSignalRecorder, observation: any ExternalCommitObservation) {
        let path = temporaryDatabase(name).path
        let observer = try ChangeProbe.container(path)
        let signals = CommitSignalRecorder()
        let observation = try #require(observer.dataStore as? SQLiteStore).observeExternalCommits(signals.record)
        return (path, observer, signals, observation)
    }

    private func saveItem(to container: ModelContainer, index: Int = 0) throws -> ChangeProbeCommit {
        try ChangeProbe.commit(index: index, in: ModelContext(container))
    }

    @Test func aSaveThroughAnotherContainerSignals() throws {
        let (path, _, signals, observation) = try observedStore("signal")
        defer { observation.cancel() }
        let commit = try saveItem(to: try ChangeProbe.container(path))
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        let latency = try #require(signals.latencies(of: [commit])[0])
        print("SQLite commit → onCommit, another container: \(Double(latency) / 1e6) ms")
        #expect(latency < 2_000_000_000)
    }

    @Test func cancelStopsTheSignals() throws {
        let (path, _, signals, observation) = try observedStore("cancel")
        let writer = try ChangeProbe.container(path)
        _ = try saveItem(to: writer)
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        observation.cancel()
        observation.cancel()
        let heard = signals.signals.count
        for index in 1...3 { _ = try saveItem(to: writer, index: index) }
        // Forty polling intervals: a live observation would have signalled by now.
        usleep(200_000)
        #expect(signals.signals.count == heard)
    }

    @Test func cancellingFromInsideOnCommitStopsAtOnce() throws {
        let path = temporaryDatabase("inside").path
        let observer = try ChangeProbe.container(path)
        let signals = CommitSignalRecorder()
        let holder = ObservationHolder()
        holder.observation = try #require(observer.dataStore as? SQLiteStore).observeExternalCommits {
            signals.record()
            holder.observation?.cancel()
        }
        let writer = try ChangeProbe.container(path)
        _ = try saveItem(to: writer)
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        _ = try saveItem(to: writer, index: 1)
        usleep(200_000)
        #expect(signals.signals.count == 1)
    }

    @Test func anInMemoryStoreCannotBeWatched() throws {
        let container = try ModelContainer(for: Schema([ChangeProbeItem.self]), configurations: [SQLiteConfiguration.inMemory()])
        let store = try #require(container.dataStore as? SQLiteStore)
        #expect(!store.capabilities.features.contains(.externalChanges))
        #expect(SQLiteStore.declaredCapabilities.features.contains(.externalChanges))
        #expect(throws: DataStoreError.unsupportedFeature) { _ = try store.observeExternalCommits {} }
    }

    @Test func aSaveInAnotherProcessSignals() throws {
        let (path, _, signals, observation) = try observedStore("process")
        defer { observation.cancel() }
        let executable = ChangeProbeRun.executable(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let run = try ChangeProbeRun(executable, ChangeProbe.Arguments(store: path, commits: 5, pauseMilliseconds: 50), signals: signals)
        #expect(run.status == 0)
        #expect(run.commits.map(\.index) == Array(0..<5))
        print("SQLite commit → onCommit, another process (ms): \(run.milliseconds)")
        #expect(run.latencies.allSatisfy { $0.map { $0 < 2_000_000_000 } ?? false })
    }
}

/// Where a test keeps an observation its own `onCommit` cancels.
private final class ObservationHolder: @unchecked Sendable {
    var observation: (any ExternalCommitObservation)?
}
