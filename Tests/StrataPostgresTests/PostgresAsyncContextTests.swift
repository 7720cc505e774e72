import Foundation
import Testing

/// The `async` context calls apps make from plain tasks (a context per request) suspend while the
/// server makes them wait: Swift's cooperative pool stays free for every other task.
///
/// The probe runs in its own process (`StrataBenchmark --pool-stall`), so the blocking calls
/// other suites make while setting up (creating databases, containers) cannot delay its timer.
@Suite struct PostgresAsyncContextTests {
    /// Sixteen tasks, each with its own context, call fetch, fetchCount, fetchIdentifiers, save
    /// and delete(model:where:) in turn while another session holds an exclusive lock on the
    /// table for a second; a task ticking every 10 ms must never be late by a stall's worth, with
    /// the `async` calls and inside @ModelActors. Synchronous calls from tasks stall it for the
    /// whole second. The bound is 150 ms, not the 20–40 ms this usually measures: on a loaded
    /// 2-core CI machine plain scheduling has reached 65 ms, and a blocked pool shows ~1,000 ms.
    @Test func sixteenContextsWaitingOnALockLeaveATimerTaskOnTime() throws {
        let url = try TestCluster.shared().makeDatabase(named: "stall")
        let lateness = try poolStall(url: url)
        #expect(lateness["async ModelContext calls (await)"].map { $0 < Self.stallBound } == true, "\(lateness)")
        #expect(lateness["sync calls inside a @ModelActor"].map { $0 < Self.stallBound } == true, "\(lateness)")
        #expect(lateness["sync ModelContext calls from tasks"].map { $0 > 500 } == true, "the probe no longer shows the stall it guards against: \(lateness)")
    }

    /// Worst lateness (ms) that still means the pool was free; a stall is the lock's whole second.
    private static let stallBound = 150.0

    /// Runs the built benchmark's `--pool-stall` mode and reads each caller's worst lateness (ms).
    private func poolStall(url: String) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("StrataBenchmark")
        process.arguments = ["--pool-stall", "--postgres", url, "--tasks", "16"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        var lateness: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == 3, let milliseconds = Double(columns[1].replacingOccurrences(of: " ms", with: "")) else { continue }
            lateness[columns[0]] = milliseconds
        }
        return lateness
    }
}
