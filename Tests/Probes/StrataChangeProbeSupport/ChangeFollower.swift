import Foundation
import Strata
import StrataAsync
import StrataConformance

/// This process following a store the change probe writes to, the way an app would: through a
/// live query and a change stream of its container. What the end-to-end cross-process tests
/// and `StrataBenchmark --commit-latency` measure: from another process's commit to this
/// process's next answer.
public enum ChangeFollower {
    /// What following saw.
    public struct Outcome: Sendable {
        /// The probe run, with each commit's latency to the live query's answer that held it.
        public let run: ChangeProbeRun
        /// The live count's last answer.
        public let finalCount: Int

        /// What went wrong against the end-to-end contract, one sentence each: the probe
        /// failed, a commit never reached the live query, or the median took `medianBound` or more.
        public func problems(medianBound: Duration = .milliseconds(100)) -> [String] {
            var problems: [String] = []
            if run.status != 0 { problems.append("the probe exited with status \(run.status)") }
            if finalCount != run.commits.count { problems.append("the live count saw \(finalCount) of \(run.commits.count) items") }
            let milliseconds = run.milliseconds
            if milliseconds.contains(where: \.isNaN) { problems.append("no answer followed some commits: \(milliseconds)") }
            let bound = Double(medianBound.components.seconds) * 1000 + Double(medianBound.components.attoseconds) / 1e15
            if let median = milliseconds.sorted().dropFirst(milliseconds.count / 2).first, !(median < bound) {
                problems.append("the median commit took \(median) ms to reach the live query")
            }
            return problems
        }
    }

    /// Opens a live count of ``ChangeProbeItem``s on `container`, waits for its first answer,
    /// then runs the probe (`executable` with `prefix`, on a thread of its own) and records, for
    /// each later answer that grew, when it arrived.
    /// - Throws: what starting the probe or the live query throws.
    public static func follow(
        _ container: ModelContainer, probe executable: URL, prefix: [String] = [], _ arguments: ChangeProbe.Arguments
    ) async throws -> Outcome {
        let answers = CommitSignalRecorder()
        let counts = AsyncStream.makeStream(of: Int.self)
        let follower = Task {
            defer { counts.continuation.finish() }
            let context = ModelContext(container)
            var last: Int?
            for try await count in context.liveCount(for: FetchDescriptor<ChangeProbeItem>()) {
                if let last, count > last { answers.record() }
                last = count
                counts.continuation.yield(count)
            }
        }
        defer { follower.cancel() }
        var answered = counts.stream.makeAsyncIterator()
        guard let first = await answered.next() else { throw CancellationError() }
        let run = try await runOffThePool(executable, prefix: prefix, arguments, signals: answers)
        var final = first
        // The last commits may still be on their way: wait, at most 5 s, for the count to catch up.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(5))
            follower.cancel()
        }
        defer { watchdog.cancel() }
        while final < first + run.commits.count, let next = await answered.next() { final = next }
        return Outcome(run: run, finalCount: final - first)
    }

    /// ``follow(_:probe:prefix:_:)`` on a new container over `store`, with the built
    /// `StrataChangeProbe` beside this test bundle making `commits` saves 50 ms apart.
    /// - Throws: as ``follow(_:probe:prefix:_:)``.
    public static func followProbe(on store: String, commits: Int) async throws -> Outcome {
        let executable = ChangeProbeRun.executable(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return try await follow(try ChangeProbe.container(store), probe: executable, ChangeProbe.Arguments(store: store, commits: commits, pauseMilliseconds: 50))
    }

    /// ``ChangeProbeRun`` blocks while the probe runs: give it a thread of its own, not one of
    /// the cooperative pool the live query answers on.
    private static func runOffThePool(
        _ executable: URL, prefix: [String], _ arguments: ChangeProbe.Arguments, signals: CommitSignalRecorder
    ) async throws -> ChangeProbeRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try ChangeProbeRun(executable, prefix: prefix, arguments, signals: signals, grace: .milliseconds(500)) })
            }.start()
        }
    }
}

extension ChangeFollower {
    /// What a context here saw of another container's update to a model it had registered.
    public struct MergeOutcome: Sendable {
        /// The change this container's stream delivered for the update.
        public let change: ModelChanges
        /// Whether the change named the registered model as updated.
        public let namesTheModel: Bool
        /// The registered model's label when read after the change arrived ("after" when merged).
        public let labelRead: String
    }

    /// Two containers on `store`: the second saves an item, a context of the first registers it,
    /// the second changes its label from "before" to "after"; returns what the first saw.
    /// - Throws: what opening the store or saving throws.
    public static func updateThroughAnotherContainer(_ store: String) async throws -> MergeOutcome {
        let here = try ChangeProbe.container(store), there = try ChangeProbe.container(store)
        let writer = ModelContext(there)
        let written = ChangeProbeItem(index: 1, label: "before")
        writer.insert(written)
        try await writer.save()
        let reader = ModelContext(here)
        guard let read = try await reader.fetch(FetchDescriptor<ChangeProbeItem>()).first else { throw CancellationError() }
        var changes = here.changes().makeAsyncIterator()
        written.label = "after"
        try await writer.save()
        guard let change = await changes.next() else { throw CancellationError() }
        return MergeOutcome(change: change, namesTheModel: change.updated == [read.persistentModelID], labelRead: read.label)
    }
}
