import Foundation
import StrataCore
@testable import StrataSQLite
import Testing

/// A store on a file system that fills up: a small tmpfs this test mounts (the tests run as
/// root, as CI does; a machine where mounting fails fails the test rather than skipping it).
@Suite(.serialized) struct SQLiteFullDiskTests {
    @Test func aFullDiskFailsTheSaveWithAKindCallersMatchAndKeepsTheChanges() throws {
        try withSmallFileSystem { directory in
            let url = directory.appendingPathComponent("store.sqlite")
            let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
            context.insert(Version1.Gadget(name: "first"))
            try context.save()
            let filler = String(repeating: "x", count: 64 * 1024)
            var thrown: (any Error)?
            for round in 0..<200 where thrown == nil {
                for index in 0..<8 { context.insert(Version1.Gadget(name: "\(round)-\(index)-\(filler)")) }
                do { try context.save() } catch { thrown = error }
            }
            let error = try #require(thrown as? SQLiteError, "filling 2 MiB never failed a save: \(String(describing: thrown))")
            #expect(error.kind == .diskFull, "\(error)")
            let matched: Bool
            switch error as any Error {
            case SQLiteError.Kind.diskFull: matched = true
            default: matched = false
            }
            #expect(matched, "catch SQLiteError.Kind.diskFull matches")
            #expect(context.insertedModelsArray.count == 8, "the failed save's inserts stay pending")
        }
    }

    @Test func anExistingStoreOpensForReadingOnACompletelyFullDisk() throws {
        try withSmallFileSystem { directory in
            let url = directory.appendingPathComponent("store.sqlite")
            do {
                let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
                for name in ["a", "b"] { context.insert(Version1.Gadget(name: name)) }
                try context.save()
            }
            try fill(directory)
            let container = try sqliteContainer([Version1.Gadget.self], at: url)
            let context = ModelContext(container)
            #expect(try context.fetch(FetchDescriptor<Version1.Gadget>()).map(\.name).sorted() == ["a", "b"])
            context.insert(Version1.Gadget(name: "c"))
            let error = #expect(throws: SQLiteError.self) { try context.save() }
            #expect(error?.kind == .readOnly, "\(String(describing: error))")
            #expect(error?.message.contains("full disk") == true, "the error says why: \(String(describing: error))")
            #expect(context.insertedModelsArray.count == 1, "the insert stays pending")
        }
    }

    /// Runs `body` with a directory on a new 2 MiB tmpfs, unmounted afterwards.
    private func withSmallFileSystem(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try run("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", directory.path)
        defer { try? run("/bin/umount", directory.path) }
        try body(directory)
    }

    /// Writes a file into `directory` until the file system has no byte left.
    private func fill(_ directory: URL) throws {
        let path = directory.path + "/filler"
        try #require(FileManager.default.createFile(atPath: path, contents: nil), "the filler file is created")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        let chunk = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        while (try? handle.write(contentsOf: Data([0]))) != nil {}
    }

    private func run(_ executable: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) exited \(process.terminationStatus)"])
        }
    }
}
