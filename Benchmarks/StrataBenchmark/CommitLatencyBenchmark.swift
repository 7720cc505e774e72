// `--commit-latency [--commits K] [--postgres URL]`: how long after another process commits this
// process's `onCommit` runs (ExternalCommitObserving). This program starts itself as the change
// probe (`--change-probe <store> <commits> <pause ms>`), which saves one item K times, 10 ms
// apart, and reports each commit's wall-clock time; this process observes the store and notes
// when each signal arrives (one machine, one wall clock). The latency of a commit runs from its
// `save()` returning to the first signal after its `save()` began, so it can be slightly
// negative when the signal beats the reply to COMMIT. SQLite always; PostgreSQL with --postgres.
import Foundation
import Strata
import StrataChangeProbeSupport
import StrataConformance
import StrataPostgres

enum CommitLatencyBenchmark {
    /// The flag that makes this program the probe.
    static let probeFlag = "--change-probe"

    /// Runs the probe and exits when this process was started as one.
    static func runProbeIfAsked() {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, arguments[1] == probeFlag else { return }
        guard let probe = ChangeProbe.Arguments(arguments.dropFirst(2)) else { fatalError("\(probeFlag) <store> <commits> [pause ms] [label]") }
        do { try ChangeProbe.run(probe) } catch { fatalError("change probe: \(error)") }
        exit(0)
    }

    static func run(options: Options) async throws {
        print("Commit → onCommit latency, \(options.commits) commits by a second process, 10 ms apart, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print(Report.pad("store", 12) + Report.pad("p50", 11, right: true) + Report.pad("p99", 11, right: true) + Report.pad("max", 11, right: true)
              + Report.pad("missed", 8, right: true) + Report.pad("save p50", 11, right: true))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-commit-latency-\(UUID().uuidString).sqlite")
        defer { removeDatabase(file) }
        let liveFile = FileManager.default.temporaryDirectory.appendingPathComponent("strata-live-latency-\(UUID().uuidString).sqlite")
        defer { removeDatabase(liveFile) }
        try measure("SQLite", store: file.path, commits: options.commits)
        var live = [("SQLite", liveFile.path)]
        let namespaces = try options.postgres.map { try BenchmarkNamespaces(url: $0) }
        defer { namespaces?.dropAll() }
        if let url = options.postgres, let namespaces {
            try measure("PostgreSQL", store: url + "#" + namespaces.make("latency"), commits: options.commits)
            live.append(("PostgreSQL", url + "#" + namespaces.make("livelatency")))
        }
        print("\nCommit → the next answer of a live query (liveCount) in this process, same probe")
        print(Report.pad("store", 12) + Report.pad("p50", 11, right: true) + Report.pad("p99", 11, right: true) + Report.pad("max", 11, right: true)
              + Report.pad("missed", 8, right: true))
        for (name, store) in live { try await measureLiveQuery(name, store: store, commits: options.commits) }
    }

    /// Follows `store` with a live query while the probe commits; prints a row.
    private static func measureLiveQuery(_ name: String, store: String, commits: Int) async throws {
        let itself = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let outcome = try await ChangeFollower.follow(
            try ChangeProbe.container(store), probe: itself, prefix: [probeFlag], ChangeProbe.Arguments(store: store, commits: commits, pauseMilliseconds: 10))
        guard outcome.run.status == 0 else { fatalError("the probe failed with status \(outcome.run.status)") }
        let latencies = outcome.run.latencies.compactMap { $0 }.map { Double($0) / 1e9 }.sorted()
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        print(Report.pad(name, 12) + Report.pad(ms(ConcurrentResult.percentile(latencies, 0.5)), 11, right: true)
              + Report.pad(ms(ConcurrentResult.percentile(latencies, 0.99)), 11, right: true) + Report.pad(ms(latencies.last ?? .nan), 11, right: true)
              + Report.pad("\(commits - latencies.count)", 8, right: true))
    }

    /// Opens `store` (so the probe's open writes nothing), observes it, runs the probe, prints a row.
    private static func measure(_ name: String, store: String, commits: Int) throws {
        let container = try ChangeProbe.container(store)
        guard let observed = container.dataStore as? any ExternalCommitObserving else { fatalError("\(name) cannot observe commits") }
        let signals = CommitSignalRecorder()
        let observation = try observed.observeExternalCommits(signals.record)
        defer { observation.cancel() }
        let itself = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let run = try ChangeProbeRun(itself, prefix: [probeFlag], ChangeProbe.Arguments(store: store, commits: commits, pauseMilliseconds: 10), signals: signals)
        guard run.status == 0, run.commits.count == commits else { fatalError("the probe failed with status \(run.status) after \(run.commits.count) commits") }
        let latencies = run.latencies.compactMap { $0 }.map { Double($0) / 1e9 }.sorted()
        let saves = run.commits.map { Double($0.finished - $0.started) / 1e9 }.sorted()
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        print(Report.pad(name, 12) + Report.pad(ms(ConcurrentResult.percentile(latencies, 0.5)), 11, right: true)
              + Report.pad(ms(ConcurrentResult.percentile(latencies, 0.99)), 11, right: true) + Report.pad(ms(latencies.last ?? .nan), 11, right: true)
              + Report.pad("\(commits - latencies.count)", 8, right: true) + Report.pad(ms(ConcurrentResult.percentile(saves, 0.5)), 11, right: true))
    }
}
