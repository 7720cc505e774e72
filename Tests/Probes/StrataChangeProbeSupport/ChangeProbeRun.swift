import Foundation
import StrataConformance

/// The probe run to its end as a child process while this process observes the store: the
/// commits it reported, and how long after each one this process's ``CommitSignalRecorder``
/// heard of it. What the cross-process tests and the commit-latency benchmark measure.
public struct ChangeProbeRun: Sendable {
    /// The probe's exit status (0: every commit made).
    public let status: Int32
    /// The commits the probe reported, in order.
    public let commits: [ChangeProbeCommit]
    /// For each commit, nanoseconds from `save()` returning to the first signal at or after its
    /// start (see ``CommitSignalRecorder/latencies(of:)``); `nil` when none came.
    public let latencies: [Int64?]

    /// The built `StrataChangeProbe` in `directory` (beside a test bundle: the directory of
    /// `CommandLine.arguments[0]`).
    public static func executable(in directory: URL) -> URL {
        directory.appendingPathComponent("StrataChangeProbe")
    }

    /// Runs `executable` with `prefix` and then the probe's `arguments` (a program that runs the
    /// probe in a mode of its own, like the benchmark, starts itself), then waits at most
    /// `grace` for `signals` to count one signal per commit.
    /// - Throws: when the program cannot be started.
    public init(
        _ executable: URL, prefix: [String] = [], _ arguments: ChangeProbe.Arguments, signals: CommitSignalRecorder,
        grace: Duration = .seconds(2)
    ) throws {
        let output = Pipe()
        let process = Process()
        process.executableURL = executable
        process.arguments = prefix + arguments.commandLine
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
        commits = text.split(separator: "\n").compactMap(ChangeProbeCommit.init(line:))
        _ = signals.wait(forCount: commits.count, timeout: grace)
        latencies = signals.latencies(of: commits)
    }

    /// The latencies in milliseconds, `nan` for a commit no signal followed: for printing.
    public var milliseconds: [Double] { latencies.map { $0.map { Double($0) / 1e6 } ?? .nan } }
}
