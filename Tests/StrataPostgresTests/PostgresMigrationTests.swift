import Foundation
import StrataConformance
import StrataCore
import Testing

import StrataMigrationProbeSupport
@testable import StrataPostgres

/// Migrations on PostgreSQL beyond the conformance suite's `migration.*` cases: killed
/// processes and concurrent processes.
@Suite struct PostgresMigrationTests {
    /// SIGKILL at random points of a migration of 100,000 rows, 50 times: every reopen is exactly
    /// version 1 or exactly version 2, with every row (the probe checks and reports).
    @Test func aKilledMigrationLeavesOneVersionOrTheOther() throws {
        let url = try TestCluster.shared().makeDatabase(named: "torture")
        let result = try ProbeProcess.run(probe, ["torture", url + "#torture", "100000", "50"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("50 kills"), "\(result.output)")
        print(result.output)
    }

    /// Two processes opening a version 1 store with version 2 at once: the advisory lock lets
    /// one migrate while the other waits, which then finds version 2 and migrates nothing (the
    /// custom stage's note is saved once).
    @Test func twoProcessesMigrateOnce() throws {
        let store = try TestCluster.shared().makeDatabase(named: "concurrent") + "#concurrent"
        #expect(try ProbeProcess.run(probe, ["seed", store, "20000"]).status == 0)
        let openers = try (0..<2).map { _ in try ProbeProcess.start(probe, ["migrate", store]) }
        for opener in openers {
            opener.waitUntilExit()
            #expect(opener.terminationStatus == 0)
        }
        #expect(try ProbeProcess.run(probe, ["check", store]).output == "v2 20000 10000 20000 1\n")
    }
}

/// The `StrataMigrationCrashProbe` built beside the tests.
let probe = ProbeProcess.executable(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
