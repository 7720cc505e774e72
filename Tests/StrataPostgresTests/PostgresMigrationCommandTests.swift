import Foundation
import StrataMigrationProbeSupport
import Testing

/// `strata schema` and `strata migrate` on a PostgreSQL store `strata demo` wrote (version 1.0.0
/// of the demo's models in a schema of its own), through the built tool.
@Suite struct PostgresMigrationCommandTests {
    @Test func schemaAndMigrateReadAndMigrateAPostgresStore() throws {
        let url = try TestCluster.shared().makeDatabase(named: "cli")
        let demo = try ProbeProcess.run(strata, ["demo", "--store", url])
        #expect(demo.status == 0, "\(demo.output)")
        let namespace = try #require(demo.output.firstMatch(of: /new schema (strata_demo_[0-9a-f]+)/)?.1).description
        let store = ["--store", url, "--namespace", namespace]

        let before = try ProbeProcess.run(strata, ["schema"] + store)
        #expect(before.status == 0, "\(before.output)")
        #expect(before.output.contains("recorded version: none"), "\(before.output)")
        #expect(before.output.contains(#"CREATE TABLE "Trip" ("_pk" BIGINT PRIMARY KEY, "title" TEXT"#), "\(before.output)")

        let dryRun = try ProbeProcess.run(strata, ["migrate", "--dry-run"] + store)
        #expect(dryRun.status == 0, "\(dryRun.output)")
        #expect(dryRun.output.contains("stage lightweight 1.0.0 → 2.0.0"), "\(dryRun.output)")
        #expect(dryRun.output.contains(#"SELECT "_pk", "name", "start", "budget" FROM "Trip";"#), "\(dryRun.output)")
        #expect(try ProbeProcess.run(strata, ["schema"] + store).output.contains("recorded version: none"), "a dry run changed the store")

        let migrate = try ProbeProcess.run(strata, ["migrate"] + store)
        #expect(migrate.status == 0, "\(migrate.output)")
        let after = try ProbeProcess.run(strata, ["schema"] + store)
        #expect(after.output.contains("recorded version: 2.0.0"), "\(after.output)")
        #expect(after.output.contains("opening would:    nothing"), "\(after.output)")
    }

    @Test func theInMemoryStoreHasNothingToMigrate() throws {
        let result = try ProbeProcess.run(strata, ["schema", "--store", "memory"])
        #expect(result.status != 0)
        #expect(result.output.contains("the in-memory store keeps nothing between runs"), "\(result.output)")
    }
}
