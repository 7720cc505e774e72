import Foundation
import StrataCore
import StrataSQL
@testable import StrataSQLite
import Testing

/// File modes, read-only databases and files that cannot be opened.
///
/// Root ignores permission bits, so where a test needs a file this process cannot write it
/// also sets the immutable attribute (`chattr +i`), which binds root too.
@Suite(.serialized) struct SQLiteFileAccessTests {
    @Test func newFilesAreOwnerOnlyWhateverTheUmask() throws {
        let directory = try temporaryDirectory("modes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("store.sqlite")
        let previous = umask(0)
        defer { umask(previous) }
        let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
        context.insert(Version1.Gadget(name: "private"))
        try context.save()
        try withExtendedLifetime(context) {
            for path in [url.path, url.path + "-wal", url.path + "-shm"] {
                let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, "\(path)")
                #expect(mode == 0o600, "\(path) has mode \(String(mode, radix: 8))")
            }
        }
    }

    @Test func openingADatabaseThatMatchesTheSchemaWritesNothing() throws {
        let url = temporaryDatabase("reopen")
        try populate(url, names: ["a", "b"])
        let recorder = SQLiteTraceTests.Recorder()
        var configuration = SQLiteConfiguration(url: url)
        configuration.trace = { recorder.record($0) }
        let container = try ModelContainer(for: Schema([Version1.Gadget.self]), configurations: [configuration])
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Version1.Gadget>()) == 2)
        let writes = recorder.all.filter { statement in
            ["CREATE", "INSERT", "UPDATE", "DELETE", "ALTER", "BEGIN IMMEDIATE"].contains { statement.uppercased().hasPrefix($0) }
        }
        #expect(writes.isEmpty, "opening ran \(writes)")
    }

    @Test func aReadOnlyConfigurationReadsAndRefusesSavesKeepingPendingChanges() throws {
        let url = temporaryDatabase("read-only-option")
        try populate(url, names: ["kept"])
        let before = try Data(contentsOf: url)
        let container = try ModelContainer(for: Schema([Version1.Gadget.self]), configurations: [SQLiteConfiguration(url: url, readOnly: true)])
        try expectReadsButNoSaves(ModelContext(container), names: ["kept"])
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func aFileThisProcessCannotWriteOpensForReading() throws {
        let directory = try temporaryDirectory("read-only-media")
        let url = directory.appendingPathComponent("store.sqlite")
        try populate(url, names: ["x", "y"])
        try makeUnwritable([url.path, directory.path])
        defer {
            try? makeWritable([url.path, directory.path])
            try? FileManager.default.removeItem(at: directory)
        }
        #expect(access(url.path, W_OK) != 0, "the test could not make the file unwritable")
        let container = try sqliteContainer([Version1.Gadget.self], at: url)
        try expectReadsButNoSaves(ModelContext(container), names: ["x", "y"])
        #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
    }

    @Test func aReadOnlyDatabaseThatNeedsSchemaChangesIsRefusedWithTheChanges() throws {
        let url = temporaryDatabase("read-only-old")
        try populate(url, names: ["old"])
        let configuration = SQLiteConfiguration(url: url, readOnly: true)
        let error = #expect(throws: SQLiteError.self) {
            _ = try ModelContainer(for: Schema([Version2.Gadget.self, Version2.Widget.self]), configurations: [configuration])
        }
        #expect(error?.kind == .readOnly)
        #expect(error?.message.contains("create table Widget") == true, "\(error.map { "\($0)" } ?? "")")
        #expect(error?.message.contains("add column Gadget.note") == true)
    }

    @Test func aFileThatCannotBeOpenedIsNamed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-missing-\(UUID().uuidString)/store.sqlite")
        let error = #expect(throws: SQLiteError.self) { _ = try sqliteContainer([Version1.Gadget.self], at: url) }
        #expect(error?.kind == .cannotOpen)
        #expect(error?.category == .other)
        #expect(error?.message.contains(url.path) == true, "\(error.map { "\($0)" } ?? "")")
        #expect(error.map { "\($0)" }?.contains(url.path) == true)
    }

    // MARK: - Helpers

    /// Fetches `names`, then checks that a save throws ``SQLiteError/Kind/readOnly`` and leaves
    /// the context's insert and change pending.
    private func expectReadsButNoSaves(_ context: ModelContext, names: [String]) throws {
        let gadgets = try context.fetch(FetchDescriptor<Version1.Gadget>(sortBy: [SortDescriptor(\.name)]))
        #expect(gadgets.map(\.name) == names)
        let changed = try #require(gadgets.first)
        changed.name = "changed"
        context.insert(Version1.Gadget(name: "new"))
        let error = #expect(throws: SQLiteError.self) { try context.save() }
        #expect(error?.kind == .readOnly)
        #expect(error?.category == .unsupported)
        #expect(context.hasChanges)
        #expect(context.insertedModelsArray.count == 1)
        #expect(context.changedModelsArray.count == 1)
        #expect(changed.name == "changed")
        #expect(try context.fetch(FetchDescriptor<Version1.Gadget>(sortBy: [SortDescriptor(\.name)])).count == names.count + 1)
    }

    private func populate(_ url: URL, names: [String]) throws {
        let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
        for name in names { context.insert(Version1.Gadget(name: name)) }
        try context.save()
    }

    private func temporaryDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        return directory
    }

    /// Removes write permission from `paths`; as root, which ignores permissions, also sets the
    /// immutable attribute.
    private func makeUnwritable(_ paths: [String]) throws {
        for path in paths {
            let isDirectory = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory
            try FileManager.default.setAttributes([.posixPermissions: isDirectory ? 0o555 : 0o444], ofItemAtPath: path)
        }
        if geteuid() == 0 { try changeAttributes("+i", paths) }
    }

    private func makeWritable(_ paths: [String]) throws {
        if geteuid() == 0 { try changeAttributes("-i", paths) }
        for path in paths { try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path) }
    }

    private func changeAttributes(_ change: String, _ paths: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [change] + paths
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AttributeChangeFailed(description: "chattr \(change) failed; running as root, this test needs it to make a file unwritable")
        }
    }

    private struct AttributeChangeFailed: Error, CustomStringConvertible {
        let description: String
    }
}
