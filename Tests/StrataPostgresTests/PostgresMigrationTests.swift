import Foundation
import StrataConformance
import StrataCore
import Testing

@testable import StrataPostgres

/// Migrations on PostgreSQL beyond the conformance suite's `migration.*` cases: killed
/// processes and concurrent processes.
@Suite struct PostgresMigrationTests {
    /// SIGKILL at random points of a migration of 100,000 rows, 50 times: every reopen is exactly
    /// version 1 or exactly version 2, with every row (the probe checks and reports).
    @Test func aKilledMigrationLeavesOneVersionOrTheOther() throws {
        let url = try TestCluster.shared().makeDatabase(named: "torture")
        let result = try runProbe(["torture", url + "#torture", "100000", "50"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("50 kills"), "\(result.output)")
        print(result.output)
    }

    /// Two processes opening a version 1 store with version 2 at once: the advisory lock lets
    /// one migrate while the other waits, which then finds version 2 and migrates nothing (the
    /// custom stage's note is saved once).
    @Test func twoProcessesMigrateOnce() throws {
        let store = try TestCluster.shared().makeDatabase(named: "concurrent") + "#concurrent"
        #expect(try runProbe(["seed", store, "20000"]).status == 0)
        let openers = try (0..<2).map { _ in try startProbe(["migrate", store]) }
        for opener in openers {
            opener.waitUntilExit()
            #expect(opener.terminationStatus == 0)
        }
        #expect(try runProbe(["check", store]).output == "v2 20000 10000 20000 1\n")
    }
}

/// Starts the built `strata-migration-crash-probe`, its output discarded.
func startProbe(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata-migration-crash-probe")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return process
}

/// Runs the built `strata-migration-crash-probe` and returns its status and output.
func runProbe(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata-migration-crash-probe")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
