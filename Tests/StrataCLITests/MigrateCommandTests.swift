import Foundation
import Testing

/// `strata schema` and `strata migrate` on a store `strata demo` wrote (version 1.0.0 of the
/// demo's models, no recorded version), through the built tool.
@Suite struct MigrateCommandTests {
    static func demoStore() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        let database = directory.appendingPathComponent("demo.sqlite")
        let demo = try runStrata(["demo", "--store", database.path], in: FileManager.default.temporaryDirectory)
        #expect(demo.status == 0, "\(demo.output)")
        return database
    }

    @Test func schemaPrintsTheRecordedVersionAndTheDDL() throws {
        let database = try Self.demoStore()
        let result = try runStrata(["schema", "--store", database.path], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("recorded version: none"), "\(result.output)")
        #expect(result.output.contains(#"CREATE TABLE "Trip" ("_pk" INTEGER PRIMARY KEY, "title" TEXT, "start" REAL, "budget" , "notes" TEXT);"#), "\(result.output)")
    }

    /// A dry run prints the stage and its SQL and changes nothing; the real run then records 2.0.0.
    @Test func migrateDryRunPrintsTheStepsAndChangesNothing() throws {
        let database = try Self.demoStore()
        let before = try Data(contentsOf: database)
        let dryRun = try runStrata(["migrate", "--store", database.path, "--dry-run"], in: FileManager.default.temporaryDirectory)
        #expect(dryRun.status == 0, "\(dryRun.output)")
        #expect(dryRun.output.contains("stage lightweight 1.0.0 → 2.0.0"), "\(dryRun.output)")
        #expect(dryRun.output.contains("rebuild table Trip (rename name → title, add column notes)"), "\(dryRun.output)")
        #expect(dryRun.output.contains(#"INSERT INTO "_strata_migrating_Trip" ("_pk", "title", "start", "budget") SELECT "_pk", "name", "start", "budget" FROM "Trip";"#))
        #expect(try Data(contentsOf: database) == before, "a dry run wrote to the database")

        let migrate = try runStrata(["migrate", "--store", database.path], in: FileManager.default.temporaryDirectory)
        #expect(migrate.status == 0, "\(migrate.output)")
        let schema = try runStrata(["schema", "--store", database.path], in: FileManager.default.temporaryDirectory)
        #expect(schema.output.contains("recorded version: 2.0.0"), "\(schema.output)")
        #expect(schema.output.contains("opening would:    nothing"), "\(schema.output)")
    }

    @Test func anUnknownVersionIsRefused() throws {
        let database = try Self.demoStore()
        let result = try runStrata(["migrate", "--store", database.path, "--version", "9.0.0"], in: FileManager.default.temporaryDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("the demo has no version 9.0.0"), "\(result.output)")
    }
}
