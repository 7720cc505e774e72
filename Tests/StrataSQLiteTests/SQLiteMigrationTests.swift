import Foundation
import Testing
import StrataCore
import StrataSQLite
@testable import StrataConformance
import StrataMigrationProbeSupport

/// Migrations on SQLite, through the statements they run (the conformance suite's
/// `migration.*` cases check what they keep).
@Suite struct SQLiteMigrationTests {
    /// A configuration whose statements are recorded.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var statements: [String] { lock.withLock { recorded } }
        func record(_ sql: String) { lock.withLock { recorded.append(sql) } }
    }

    static func seeded() throws -> URL {
        let url = temporaryDatabase("migration")
        let context = ModelContext(try ModelContainer(
            for: Schema(versionedSchema: MigrationV1.self), migrationPlan: MigrationAddedPlan.self, configurations: [SQLiteConfiguration(url: url)]))
        context.insert(MigrationV1.Widget(name: "a", quantity: 1, note: "x"))
        try context.save()
        return url
    }

    static func open(_ version: any VersionedSchema.Type, _ plan: any SchemaMigrationPlan.Type, at url: URL, recorder: Recorder) throws -> ModelContainer {
        var configuration = SQLiteConfiguration(url: url)
        configuration.trace = { recorder.record($0) }
        return try ModelContainer(for: Schema(versionedSchema: version), migrationPlan: plan, configurations: [configuration])
    }

    /// A column added by a lightweight stage is `ALTER TABLE … ADD COLUMN`; the table is not copied.
    @Test func addingAColumnDoesNotRebuildTheTable() throws {
        let url = try Self.seeded()
        let recorder = Recorder()
        _ = try Self.open(MigrationCoded.self, MigrationCodedPlan.self, at: url, recorder: recorder)
        let statements = recorder.statements
        #expect(statements.contains(#"ALTER TABLE "Widget" ADD COLUMN "code" TEXT"#))
        #expect(statements.contains(#"UPDATE "Widget" SET "code" = ? WHERE "code" IS NULL"#))
        #expect(statements.contains(#"CREATE UNIQUE INDEX IF NOT EXISTS "Widget_name_unique" ON "Widget" ("name")"#))
        #expect(!statements.contains { $0.contains("_strata_migrating_Widget") }, "\(statements)")
    }

    /// A rename rebuilds the table with one `INSERT … SELECT`, in the open's one transaction.
    @Test func aRenameCopiesTheTableInOneStatement() throws {
        let url = try Self.seeded()
        let recorder = Recorder()
        _ = try Self.open(MigrationRenamed.self, MigrationRenamedPlan.self, at: url, recorder: recorder)
        let statements = recorder.statements
        let copies = statements.filter { $0.hasPrefix(#"INSERT INTO "_strata_migrating_Widget""#) }
        #expect(copies == [#"INSERT INTO "_strata_migrating_Widget" ("_pk", "title", "quantity", "note", "maker") SELECT "_pk", "name", "quantity", "note", "vendor" FROM "Widget""#])
        #expect(statements.filter { $0 == "BEGIN IMMEDIATE" }.count == 1)
        #expect(statements.contains(#"ALTER TABLE "_strata_migrating_Maker" RENAME TO "Maker""#))
    }

    /// Once migrated, opening again reads only: no write transaction, no DDL.
    @Test func aMigratedStoreOpensWithoutWriting() throws {
        let url = try Self.seeded()
        _ = try Self.open(MigrationAdded.self, MigrationAddedPlan.self, at: url, recorder: Recorder())
        let recorder = Recorder()
        _ = try Self.open(MigrationAdded.self, MigrationAddedPlan.self, at: url, recorder: recorder)
        #expect(!recorder.statements.contains("BEGIN IMMEDIATE"), "\(recorder.statements)")
    }

    /// A store created without a plan records no version; a plan finds its version from its tables.
    @Test func aStoreWithoutARecordedVersionIsRecognised() throws {
        let url = temporaryDatabase("unversioned")
        let context = ModelContext(try ModelContainer(for: Schema(versionedSchema: MigrationV1.self), configurations: [SQLiteConfiguration(url: url)]))
        context.insert(MigrationV1.Widget(name: "a", quantity: 1))
        try context.save()
        let migrated = ModelContext(try Self.open(MigrationRenamed.self, MigrationRenamedPlan.self, at: url, recorder: Recorder()))
        #expect(try migrated.fetch(FetchDescriptor<MigrationRenamed.Widget>()).map(\.title) == ["a"])
    }

    /// A type change no lightweight stage makes (`String` to `Int`) is refused before anything changes.
    @Test func anUnsupportedTypeChangeIsRefused() throws {
        let url = try Self.seeded()
        #expect(throws: SwiftDataError.schemaMismatch) {
            _ = try Self.open(MigrationBadType.self, MigrationBadTypePlan.self, at: url, recorder: Recorder())
        }
        let context = ModelContext(try Self.open(MigrationV1.self, MigrationAddedPlan.self, at: url, recorder: Recorder()))
        #expect(try context.fetch(FetchDescriptor<MigrationV1.Widget>()).map(\.name) == ["a"])
    }

    /// SIGKILL at random points of a migration of 100,000 rows, 50 times: every reopen is exactly
    /// version 1 or exactly version 2, with every row (the probe checks and reports).
    @Test func aKilledMigrationLeavesOneVersionOrTheOther() throws {
        let url = temporaryDatabase("torture")
        let result = try ProbeProcess.run(probe, ["torture", url.path, "100000", "50"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("50 kills"), "\(result.output)")
        print(result.output)
    }

    /// Two processes opening a version 1 store with version 2 at once: `BEGIN IMMEDIATE` lets one
    /// migrate while the other waits (busy timeout), which then finds version 2 and migrates
    /// nothing (the custom stage's note is saved once).
    @Test func twoProcessesMigrateOnce() throws {
        let store = temporaryDatabase("concurrent").path
        #expect(try ProbeProcess.run(probe, ["seed", store, "20000"]).status == 0)
        let openers = try (0..<2).map { _ in try ProbeProcess.start(probe, ["migrate", store]) }
        for opener in openers {
            opener.waitUntilExit()
            #expect(opener.terminationStatus == 0)
        }
        #expect(try ProbeProcess.run(probe, ["check", store]).output == "v2 20000 10000 20000 1\n")
    }
}

/// Version 1 with `note` turned into an `Int`, which no lightweight stage converts.
enum MigrationBadType: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Widget.self, Vendor.self] }

    @Model final class Widget {
        var name: String
        var quantity: Int
        var note: Int?
        var vendor: Vendor?
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    @Model final class Vendor {
        var name: String
        var widgets: [Widget] = []
        init(name: String) { self.name = name }
    }
}

enum MigrationBadTypePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationBadType.self] }
    static var stages: [MigrationStage] { [] }
}

/// The `StrataMigrationCrashProbe` built beside the tests.
let probe = ProbeProcess.executable(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
