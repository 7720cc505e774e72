import Foundation
import Strata
import StrataConformance
import Synchronization

/// `strata conformance --store <directory>`: a fresh SQLite database file per case in the
/// directory (created when missing). Removal takes each database with its `-wal`, `-shm` and any
/// other file named after it, and at the end of the run the directory too when the run created it.
final class SQLiteConformanceTarget: ConformanceTarget, Sendable {
    let directory: URL
    /// The outermost directory the run created to reach ``directory``; `nil` when it existed.
    private let createdDirectory: URL?
    /// The file names of the databases handed out and not yet removed.
    private let databases = Mutex<[String]>([])

    /// A target in `directory`, which is created (with its parents) when missing.
    /// - Throws: ``StrataCLIError/notADirectory(_:)`` for a file;
    ///   ``StrataCLIError/fileSystem(action:reason:)`` when the directory cannot be created.
    init(directory: URL) throws {
        self.directory = directory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StrataCLIError.notADirectory(directory.path)
        }
        var outermostMissing: URL?
        var ancestor = directory
        while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
            outermostMissing = ancestor
            ancestor.deleteLastPathComponent()
        }
        createdDirectory = outermostMissing
        try SQLitePath.createDirectory(directory)
    }

    var backend: ConformanceBackend {
        ConformanceBackend(name: "sqlite", capabilities: SQLiteStore.declaredCapabilities) { [self] caseID in
            SQLiteConfiguration(url: newDatabase(for: caseID))
        }
    }

    var summary: String { "SQLite databases in \(directory.path), one per case" }
    var place: String { directory.path }
    var kept: String { "kept the SQLite databases in \(directory.path)" }

    func checkConfiguration() throws -> any DataStoreConfiguration {
        SQLiteConfiguration(url: newDatabase(for: "check"))
    }

    func takeCreated() -> @Sendable () throws -> Void {
        let names = databases.withLock { names in
            defer { names = [] }
            return names
        }
        return { [directory] in
            for entry in try FileManager.default.contentsOfDirectory(atPath: directory.path) where names.contains(where: { entry.hasPrefix($0) }) {
                try FileManager.default.removeItemIfPresent(at: directory.appendingPathComponent(entry))
            }
        }
    }

    func removeHolder() throws {
        if let createdDirectory { try FileManager.default.removeItemIfPresent(at: createdDirectory) }
    }

    /// A database path no other case uses, remembered for removal.
    private func newDatabase(for caseID: String) -> URL {
        let name = "\(caseID)-\(UUID().uuidString).sqlite"
        databases.withLock { $0.append(name) }
        return directory.appendingPathComponent(name)
    }
}
