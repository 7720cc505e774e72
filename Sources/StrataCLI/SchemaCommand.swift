import ArgumentParser
import Foundation
import Strata
import StrataPostgres
import StrataSQL

/// `strata schema --store <file or postgres:// URL> [--namespace N]`: the version a demo store
/// records, and the DDL the demo's models (of `--version`) need.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema version a store records and the DDL the demo's models need."
    )

    @Option(help: ArgumentHelp("The SQLite database file or PostgreSQL URL to read (only read).", valueName: "store"), transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: "The PostgreSQL schema (namespace) the store's tables are in; the role's search_path when left out.")
    var namespace: String?

    @Option(help: "The demo's model version to compare with: 1.0.0 or 2.0.0.")
    var version = "2.0.0"

    func run() throws {
        let report = try MigrationReading.report(store, namespace: namespace, version: version)
        print("recorded version: " + (report.recorded.map { "\($0.version) (fingerprint \($0.fingerprint))" } ?? "none"))
        print("models' version:  \(report.target.version) (fingerprint \(report.target.fingerprint))")
        print("opening would:    \(report.work.description.replacingOccurrences(of: "\n", with: "; "))")
        print("")
        print("DDL for the models of \(report.target.version):")
        for statement in report.createStatements { print("  \(statement.text);") }
    }
}

/// The demo's plan against a `--store`: what it records and would run, and the store itself.
enum MigrationReading {
    /// Reads what the store records and what opening it with the demo's models of `version` would run.
    /// - Throws: ``StrataCLIError/notPersistent`` for `memory`; ``StrataCLIError/noDatabase(_:)``
    ///   and ``StrataCLIError/isADirectory(_:)`` for a SQLite path with no database; the store's own errors.
    static func report(_ store: StoreArgument, namespace: String?, version: String) throws -> SQLMigrationReport {
        let schema = Schema(versionedSchema: try DemoMigrationPlan.version(version))
        switch store {
        case .memory:
            throw StrataCLIError.notPersistent
        case .sqlite(let url):
            return try SQLiteStore.migrationReport(
                for: SQLiteConfiguration(url: SQLitePath.existingDatabase(url)), plan: DemoMigrationPlan.self, schema: schema)
        case .postgres(let url):
            return try PostgresStore.migrationReport(
                for: PostgresConfiguration(url: url, namespace: namespace), plan: DemoMigrationPlan.self, schema: schema)
        }
    }

    /// The configuration that opens the store.
    /// - Throws: ``StrataCLIError/notPersistent`` for `memory`; as ``report(_:namespace:version:)``
    ///   for a SQLite path; a malformed PostgreSQL URL's error.
    static func configuration(_ store: StoreArgument, namespace: String?) throws -> any DataStoreConfiguration {
        switch store {
        case .memory: throw StrataCLIError.notPersistent
        case .sqlite(let url): return SQLiteConfiguration(url: try SQLitePath.existingDatabase(url))
        case .postgres(let url): return try PostgresConfiguration(url: url, namespace: namespace)
        }
    }
}
