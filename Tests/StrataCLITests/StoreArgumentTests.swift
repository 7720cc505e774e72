import Foundation
import Testing

/// `--store` values, checked through the built `strata` tool as a user runs it.
@Suite struct StoreArgumentTests {
    /// `sqlite:` + `/abs` and `sqlite://` + `/abs` (that is, `sqlite:///abs`) are both absolute.
    @Test(arguments: ["sqlite:", "sqlite://", "SQLite:", ""])
    func sqliteURLsNameAbsolutePaths(_ prefix: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("demo.sqlite")
        let argument = prefix + database.path
        let result = try runStrata(["demo", "--store", argument], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: database.path), "strata demo --store \(argument) wrote elsewhere: \(result.output)")
    }

    @Test func sqliteWithARelativePathStartsAtTheCurrentDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runStrata(["demo", "--store", "sqlite:nested/demo.sqlite"], in: directory)
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("nested/demo.sqlite").path))
    }

    @Test(arguments: ["sqlite:", "sqlite://host/demo.sqlite", "mysql://u@127.0.0.1/db"])
    func invalidStoresAreRefused(_ argument: String) throws {
        let result = try runStrata(["demo", "--store", argument], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("Error"), "\(result.output)")
    }
}

/// Runs the `strata` executable built beside the test bundle.
func runStrata(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let process = Process()
    process.executableURL = buildDirectory.appendingPathComponent("strata")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
