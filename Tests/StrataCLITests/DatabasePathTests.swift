import Foundation
import Testing

/// SQLite paths that name no usable database get one line saying what is wrong and what to run,
/// not SQLite's "unable to open database file" or "disk I/O error" or a Foundation error dump.
@Suite struct DatabasePathTests {
    /// The README's `strata schema --store demo.sqlite` on a fresh checkout.
    @Test(arguments: [["schema"], ["migrate", "--dry-run"]])
    func aMissingDatabaseSaysWhichCommandCreatesIt(_ command: [String]) throws {
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runStrata(command + ["--store", "demo.sqlite"], in: directory)
        let path = directory.appendingPathComponent("demo.sqlite").path
        #expect(result.status != 0)
        #expect(result.output == "Error: there is no database at \(path); create a demo store there first with `strata demo --store \(path)`\n")
        #expect(!FileManager.default.fileExists(atPath: path), "reading created the file")
    }

    @Test(arguments: [["schema"], ["migrate", "--dry-run"], ["demo"]])
    func aDirectoryIsNotADatabase(_ command: [String]) throws {
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runStrata(command + ["--store", directory.path], in: directory)
        #expect(result.status != 0)
        #expect(result.output == "Error: \(directory.path) is a directory; pass the path of a SQLite database file\n")
    }

    /// `strata demo` creates a missing directory, but not through a file.
    @Test func aParentThatIsAFileIsNamed() throws {
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data().write(to: file)
        let result = try runStrata(["demo", "--store", file.path + "/sub/demo.sqlite"], in: directory)
        #expect(result.status != 0)
        #expect(result.output == "Error: cannot create the directory \(file.path)/sub: Not a directory\n")
    }

    static func emptyDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
