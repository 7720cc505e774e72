import Foundation
import StrataChangeProbeSupport
import StrataConformance
import StrataCore
import StrataSQL
@testable import StrataPostgres
import StrataAsync
import Testing

/// `LISTEN`/`NOTIFY`: every save is followed by an announcement of its commit (commits made
/// while one is on its way share the next); a listener on a connection of its own hears commits
/// made through other containers and processes, hears nothing of a rolled-back one, and comes
/// back after its connection drops.
@Suite struct PostgresExternalCommitTests {
    /// A fresh database with ``ChangeProbeItem``'s tables, and an observation of it.
    private func observedStore(
        _ name: String
    ) throws -> (url: String, store: PostgresStore, signals: CommitSignalRecorder, observation: any ExternalCommitObservation) {
        let url = try TestCluster.shared().makeDatabase(named: name)
        let store = try #require(try ChangeProbe.container(url).dataStore as? PostgresStore)
        let signals = CommitSignalRecorder()
        return (url, store, signals, try store.observeExternalCommits(signals.record))
    }

    private func saveItem(to container: ModelContainer, label: String = "writer") throws -> ChangeProbeCommit {
        try ChangeProbe.commit(label: label, in: ModelContext(container))
    }

    @Test func aSaveThroughAnotherContainerSignals() throws {
        let (url, _, signals, observation) = try observedStore("notify")
        defer { observation.cancel() }
        let commit = try saveItem(to: try ChangeProbe.container(url))
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        let latency = try #require(signals.latencies(of: [commit])[0])
        print("PostgreSQL commit → onCommit, another container: \(Double(latency) / 1e6) ms")
        #expect(latency < 2_000_000_000)
    }

    @Test func aStoreThatDoesNotAnnounceCommitsSendsNoSignal() throws {
        let (url, _, signals, observation) = try observedStore("quiet")
        defer { observation.cancel() }
        var quiet = try #require(try ChangeProbe.configuration(url) as? PostgresConfiguration)
        quiet.announcesCommits = false
        let writer = try ModelContainer(for: Schema([ChangeProbeItem.self]), configurations: [quiet])
        _ = try saveItem(to: writer)
        #expect(!signals.wait(forCount: 1, timeout: .milliseconds(500)), "no notification, so no signal")
        _ = try saveItem(to: try ChangeProbe.container(url))
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)), "a store that announces is still heard")
    }

    @Test func anAsyncSaveSignalsToo() async throws {
        let (url, _, signals, observation) = try observedStore("notifyasync")
        defer { observation.cancel() }
        let context = ModelContext(try ChangeProbe.container(url))
        context.insert(ChangeProbeItem(index: 0, label: "async"))
        try await context.save()
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
    }

    @Test func cancelStopsTheSignals() throws {
        let (url, _, signals, observation) = try observedStore("cancel")
        let writer = try ChangeProbe.container(url)
        _ = try saveItem(to: writer)
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        observation.cancel()
        let heard = signals.signals.count
        for _ in 0..<3 { _ = try saveItem(to: writer) }
        usleep(200_000)
        #expect(signals.signals.count == heard)
    }

    /// A save whose `COMMIT` fails (a deferred trigger rejects the row) sent its `pg_notify`
    /// already; the rollback drops it, so nothing is heard, while the next save is.
    /// Commits made while an announcement is on its way send none of their own: one
    /// announcement, sent after them, covers them all, and listeners hear it.
    @Test func commitsDuringAnAnnouncementShareTheOneThatFollows() throws {
        let (url, _, signals, observation) = try observedStore("coalesce")
        defer { observation.cancel() }
        let gate = AnnouncementGate()
        var configuration = try #require(try ChangeProbe.configuration(url) as? PostgresConfiguration)
        configuration.trace = { sql in if sql == "SELECT pg_notify($1, $2)" { gate.pass() } }
        let writer = try ModelContainer(for: Schema([ChangeProbeItem.self]), configurations: [configuration])
        let firstSaved = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let container = writer
        DispatchQueue.global().async {
            _ = try? ChangeProbe.commit(label: "first", in: ModelContext(container))
            firstSaved.signal()
        }
        #expect(gate.waitUntilHeld(timeout: .seconds(5)), "the first save's announcement is under way")
        for index in 0..<5 { _ = try saveItem(to: writer, label: "meanwhile \(index)") }
        #expect(gate.announcements == 1, "the five commits did not announce themselves")
        gate.release()
        firstSaved.wait()
        #expect(gate.waitForAnnouncements(2, timeout: .seconds(5)), "one announcement follows, for all five")
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
        usleep(200_000)
        #expect(gate.announcements == 2, "and no more")
        _ = try saveItem(to: writer, label: "later")
        #expect(gate.announcements == 3, "a commit with none under way announces itself, before its save returns")
    }

    @Test func aRolledBackSaveDoesNotSignal() throws {
        let (url, _, signals, observation) = try observedStore("rollback")
        defer { observation.cancel() }
        let admin = try PostgresConnection(conninfo: url)
        defer { admin.close() }
        _ = try admin.execute(
            "CREATE FUNCTION reject() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'rejected'; END $$")
        _ = try admin.execute(
            "CREATE CONSTRAINT TRIGGER reject AFTER INSERT ON \"ChangeProbeItem\" DEFERRABLE INITIALLY DEFERRED "
                + "FOR EACH ROW WHEN (NEW.label = 'reject') EXECUTE FUNCTION reject()")
        let writer = try ChangeProbe.container(url)
        #expect(throws: PostgresError.self) { _ = try saveItem(to: writer, label: "reject") }
        usleep(300_000)
        #expect(signals.signals.isEmpty)
        _ = try saveItem(to: writer)
        #expect(signals.wait(forCount: 1, timeout: .seconds(2)))
    }

    @Test func theListenerReconnectsAndSignalsOnce() throws {
        let (url, store, signals, observation) = try observedStore("reconnect")
        defer { observation.cancel() }
        let cluster = try TestCluster.shared()
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        let ended = try admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE query = $1",
            [PostgresParameter(.string("LISTEN \(PostgresDialect().quote(store.commitChannel))"))])
        #expect(ended.rowCount == 1)
        #expect(signals.wait(forCount: 1, timeout: .seconds(5)), "the reconnect is signalled: commits may have been missed")
        _ = try saveItem(to: try ChangeProbe.container(url))
        #expect(signals.wait(forCount: 2, timeout: .seconds(2)))
    }

    @Test func transactionPoolingCannotBeWatched() throws {
        let url = try TestCluster.shared().makeDatabase(named: "pooling")
        var configuration = try PostgresConfiguration(url: url)
        configuration.transactionPooling = true
        let container = try ModelContainer(for: Schema([ChangeProbeItem.self]), configurations: [configuration])
        let store = try #require(container.dataStore as? PostgresStore)
        #expect(throws: DataStoreError.unsupportedFeature) { _ = try store.observeExternalCommits {} }
    }

    @Test func eachNamespaceHasItsOwnChannel() throws {
        let url = try TestCluster.shared().makeDatabase(named: "channels")
        let first = try #require(try ChangeProbe.container(url + "#first").dataStore as? PostgresStore)
        let second = try #require(try ChangeProbe.container(url + "#second").dataStore as? PostgresStore)
        #expect(first.commitChannel != second.commitChannel)
        #expect(first.commitChannel.utf8.count <= 63)
        let signals = CommitSignalRecorder()
        let observation = try first.observeExternalCommits(signals.record)
        defer { observation.cancel() }
        _ = try saveItem(to: try ChangeProbe.container(url + "#second"))
        usleep(300_000)
        #expect(signals.signals.isEmpty, "a save in another namespace is not heard")
    }

    @Test func aSaveInAnotherProcessSignals() throws {
        let (url, _, signals, observation) = try observedStore("process")
        defer { observation.cancel() }
        let executable = ChangeProbeRun.executable(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let run = try ChangeProbeRun(executable, ChangeProbe.Arguments(store: url, commits: 5, pauseMilliseconds: 50), signals: signals)
        #expect(run.status == 0)
        #expect(run.commits.map(\.index) == Array(0..<5))
        print("PostgreSQL commit → onCommit, another process (ms): \(run.milliseconds)")
        #expect(run.latencies.allSatisfy { $0.map { $0 < 2_000_000_000 } ?? false })
    }
}

/// Holds the first `pg_notify` a store sends until released, and counts them all.
private final class AnnouncementGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var held = false
    private var released = false
    private var count = 0

    /// How many announcements were sent (or began to be).
    var announcements: Int { condition.withLock { count } }

    /// Called by the statement trace before each announcement; the first one waits here.
    func pass() {
        condition.withLock {
            count += 1
            condition.broadcast()
            guard count == 1 else { return }
            held = true
            while !released { condition.wait() }
        }
    }

    func release() {
        condition.withLock {
            released = true
            condition.broadcast()
        }
    }

    func waitUntilHeld(timeout: Duration) -> Bool { wait(timeout) { self.held } }

    func waitForAnnouncements(_ expected: Int, timeout: Duration) -> Bool { wait(timeout) { self.count >= expected } }

    private func wait(_ timeout: Duration, until done: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds))
        return condition.withLock {
            while !done() { if !condition.wait(until: deadline) { return done() } }
            return true
        }
    }
}
