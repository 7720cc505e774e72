import Foundation
import Testing

/// A run ends with its report, not a clean-up error (it once did in 2 of 5 runs: SQLite had
/// already removed a database's `-shm` file when the background removal reached it, which now
/// counts as removed; any other clean-up failure is a warning after the report).
@Suite struct ConformanceCleanUpTests {
    /// The category whose async case once left the `-shm` race, run again and again: each run ends
    /// with its closing line and exit status 0, and leaves nothing behind.
    @Test func repeatedRunsEndWithTheirReport() throws {
        for _ in 0..<5 {
            let directory = ConformanceCommandTests.scratch()
            let result = try runStrata(["conformance", "--store", directory.path, "--filter", "inheritance."], in: FileManager.default.temporaryDirectory)
            #expect(result.status == 0, "\(result.output)")
            #expect(!result.output.contains("Error:"), "\(result.output)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("conformance: ") && $0.contains(" passed, 0 failed") }, "\(result.output)")
            #expect(!FileManager.default.fileExists(atPath: directory.path), "the run left \(directory.path) behind")
        }
    }
}
