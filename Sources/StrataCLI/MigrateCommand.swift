import ArgumentParser
import Foundation
import Strata

/// `strata migrate --store <file or postgres:// URL> [--namespace N] [--dry-run]`: migrates a demo store to a version of the
/// demo's plan, or prints the stages and SQL that would run.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Migrate a demo store through the demo's migration plan, or print what that would run."
    )

    @Option(help: ArgumentHelp("The SQLite database file or PostgreSQL URL of a store of the demo's models.", valueName: "store"), transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: "The PostgreSQL schema (namespace) the store's tables are in; the role's search_path when left out.")
    var namespace: String?

    @Option(help: "The version to migrate to: 1.0.0 or 2.0.0.")
    var version = "2.0.0"

    @Flag(help: "Print the stages and their SQL; change nothing.")
    var dryRun = false

    func run() throws {
        let report = try MigrationReading.report(store, namespace: namespace, version: version)
        print("from \(report.recorded.map { "\($0.version)" } ?? "no recorded version") to \(report.target.version):")
        guard !report.steps.isEmpty else {
            print("  \(report.work)")
            if !dryRun { try migrate() }
            return
        }
        for (step, actions) in report.steps {
            print("stage \(step)")
            for action in actions { print(action.description.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")) }
        }
        guard !dryRun else { return }
        try migrate()
        print("migrated to \(report.target.version)")
    }

    private func migrate() throws {
        _ = try ModelContainer(
            for: Schema(versionedSchema: try DemoMigrationPlan.version(version)), migrationPlan: DemoMigrationPlan.self,
            configurations: [MigrationReading.configuration(store, namespace: namespace)])
    }
}
