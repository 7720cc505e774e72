import ArgumentParser
import Foundation
import Strata
import StrataSQL

/// `strata schema --store <file>`: the version a demo store records, and the DDL the demo's
/// models (of `--version`) need.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema version a store records and the DDL the demo's models need."
    )

    @Option(help: ArgumentHelp("The SQLite database file to read (only read).", valueName: "sqlite file path"), transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: "The demo's model version to compare with: 1.0.0 or 2.0.0.")
    var version = "2.0.0"

    func run() throws {
        let report = try MigrationReading.report(store, version: version)
        print("recorded version: " + (report.recorded.map { "\($0.version) (fingerprint \($0.fingerprint))" } ?? "none"))
        print("models' version:  \(report.target.version) (fingerprint \(report.target.fingerprint))")
        print("opening would:    \(report.work.description.replacingOccurrences(of: "\n", with: "; "))")
        print("")
        print("DDL for the models of \(report.target.version):")
        for statement in report.createStatements { print("  \(statement.text);") }
    }
}

/// Reads a migration report of a SQLite `--store` for the demo's plan.
enum MigrationReading {
    /// - Throws: ``StrataCLIError/sqliteOnly`` for any other store; the store's own errors.
    static func report(_ store: StoreArgument, version: String) throws -> SQLMigrationReport {
        guard case .sqlite(let url) = store else { throw StrataCLIError.sqliteOnly }
        return try SQLiteStore.migrationReport(
            for: SQLiteConfiguration(url: url), plan: DemoMigrationPlan.self, schema: Schema(versionedSchema: try DemoMigrationPlan.version(version)))
    }
}
