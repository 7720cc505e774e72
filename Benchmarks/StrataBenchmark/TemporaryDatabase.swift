import Foundation

/// Runs `body` with the URL of a database file `name`.sqlite in a directory of its own, which is
/// removed afterwards (with the file's WAL and shared-memory companions).
func withTemporaryDatabase<Result>(named name: String, _ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent("\(name).sqlite"))
}
