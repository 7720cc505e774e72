import Foundation
import Testing

/// `strata conformance` on SQLite and in memory, through the built tool: a store that cannot be
/// made stops the run before any case, each category prints a line as it ends, and what the
/// cases made is removed unless `--keep` is given.
@Suite struct ConformanceCommandTests {
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
    }

    @Test func aDirectoryThatCannotBeCreatedStopsTheRunAtOnce() throws {
        let file = Self.scratch()
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runStrata(["conformance", "--store", file.path + "/databases"], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("Error: cannot create the directory \(file.path)/databases: Not a directory"), "\(result.output)")
        #expect(!result.output.contains("NSCocoaErrorDomain"), "\(result.output)")
        #expect(!result.output.contains("running"), "no case ran: \(result.output)")
    }

    /// `/proc` is a directory no one, root included, can create a file in.
    @Test func aDirectoryNoDatabaseCanBeCreatedInStopsTheRunAtOnce() throws {
        let result = try runStrata(["conformance", "--store", "/proc"], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("Error: cannot open a store at /proc: SQLite error"), "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 2, "the target line and one error line: \(result.output)")
        #expect(!result.output.contains("running"), "\(result.output)")
    }

    /// A directory the run creates is gone afterwards; a line per category came before the report.
    @Test func aRunPrintsEachCategoryAndRemovesTheDirectoryItCreated() throws {
        let parent = Self.scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("nested/databases")
        let result = try runStrata(["conformance", "--store", directory.path, "--filter", "lifetime."], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("running 5 cases in 1 category"), "\(result.output)")
        #expect(result.output.contains(/\[1\/1\] lifetime +5 passed, 0 failed, 0 skipped  \d+\.\d s\n/), "\(result.output)")
        #expect(result.output.contains("conformance: 5 passed, 0 failed, 0 skipped"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: parent.path), "the run left \(parent.path) behind")
    }

    /// In a directory that was there, the run removes its own files and nothing else.
    @Test func aRunInAnExistingDirectoryRemovesOnlyItsOwnFiles() throws {
        let directory = Self.scratch()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let result = try runStrata(["conformance", "--store", directory.path, "--filter", "lifetime."], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
    }

    @Test func keepLeavesTheDatabases() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runStrata(
            ["conformance", "--store", directory.path, "--filter", "lifetime.", "--keep"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("kept the SQLite databases in \(directory.path)"), "\(result.output)")
        let databases = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sqlite") }
        #expect(databases.count == 5, "one per case (the check's is removed): \(databases)")
    }

    /// A report that could not be written is refused before the run, not after it.
    @Test func aReportInAMissingDirectoryIsRefusedBeforeTheRun() throws {
        let missing = Self.scratch().appendingPathComponent("report.json")
        let result = try runStrata(["conformance", "--store", "memory", "--report", missing.path], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(
            result.output.contains("Error: cannot write the report to \(missing.path): there is no directory \(missing.deletingLastPathComponent().path)"),
            "\(result.output)")
        #expect(!result.output.contains("running"), "\(result.output)")
    }

    @Test func noJobsIsRefused() throws {
        let result = try runStrata(["conformance", "--store", "memory", "--jobs", "0"], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("--jobs must be at least 1"), "\(result.output)")
    }
}
