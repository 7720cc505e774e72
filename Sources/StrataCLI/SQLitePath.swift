import Foundation

/// Checks on the SQLite paths `--store` names, so what SQLite and Foundation would report
/// obscurely ("unable to open database file", "disk I/O error", an `NSCocoaErrorDomain` dump)
/// becomes one line that says what to do.
enum SQLitePath {
    /// `url` as a database that must already exist (`strata schema`, `strata migrate`).
    /// - Throws: ``StrataCLIError/isADirectory(_:)``; ``StrataCLIError/noDatabase(_:)`` when
    ///   nothing is there.
    static func existingDatabase(_ url: URL) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw StrataCLIError.noDatabase(url.path) }
        guard !isDirectory.boolValue else { throw StrataCLIError.isADirectory(url.path) }
        return url
    }

    /// `url` as a database `strata demo` creates: nothing may be there yet; its directory is
    /// created when missing.
    /// - Throws: ``StrataCLIError/isADirectory(_:)``, ``StrataCLIError/demoDatabaseExists(_:)``;
    ///   ``StrataCLIError/fileSystem(action:reason:)`` when the directory cannot be created.
    static func newDatabase(_ url: URL) throws -> URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            throw isDirectory.boolValue ? StrataCLIError.isADirectory(url.path) : StrataCLIError.demoDatabaseExists(url.path)
        }
        try createDirectory(url.deletingLastPathComponent())
        return url
    }

    /// Creates `url` and any missing parent.
    /// - Throws: ``StrataCLIError/fileSystem(action:reason:)`` with the system's reason.
    static func createDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw StrataCLIError.fileSystem("create the directory \(url.path)", error)
        }
    }
}
