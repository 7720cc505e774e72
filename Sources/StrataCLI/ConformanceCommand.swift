import ArgumentParser
import Foundation
import Strata
import StrataConformance
import StrataPostgres

/// `strata conformance`: runs the conformance suite against a store and reports the result.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run the conformance suite against a store; exits non-zero when a case fails."
    )

    @Option(
        help: ArgumentHelp(
            "`memory`, a directory for SQLite databases (one fresh file per case; created if missing), "
                + "or a postgres:// URL (one fresh schema per case, dropped afterwards).",
            valueName: "sqlite directory | memory | postgres://…"),
        transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: ArgumentHelp("Also write the report as JSON to this file.", valueName: "file.json"))
    var report: String?

    @Option(help: ArgumentHelp("Run only the cases whose id contains this text.", valueName: "substring of case id"))
    var filter: String?

    func run() throws {
        let namespaces = PostgresRunNamespaces()
        let backend = try makeBackend(namespaces: namespaces)
        let cases = ConformanceSuite.cases.filter { conformanceCase in filter.map { conformanceCase.id.contains($0) } ?? true }
        if let filter, cases.isEmpty { throw StrataCLIError.noMatchingCases(filter) }

        let outcome = ConformanceRunner(backend: backend).runAll(cases)
        try cleanUp(namespaces)
        print(outcome.text)
        if let report {
            let url = URL(fileURLWithPath: (report as NSString).expandingTildeInPath)
            try outcome.write(to: url)
            print("report written to \(url.path)")
        }
        if outcome.failed > 0 { throw ExitCode.failure }
    }

    /// Drops the schemas a PostgreSQL run created.
    private func cleanUp(_ namespaces: PostgresRunNamespaces) throws {
        guard case .postgres(let address) = store else { return }
        let settings = try PostgresConnectionSettings(url: address)
        for namespace in namespaces.issued { try PostgresStore.dropNamespace(namespace, settings: settings) }
    }

    /// The backend `--store` selects, declaring every capability the suite knows.
    /// - Throws: ``StrataCLIError`` for a path that is a file; the file system's error when the
    ///   directory cannot be created; ``PostgresError`` for a malformed PostgreSQL URL.
    private func makeBackend(namespaces: PostgresRunNamespaces) throws -> ConformanceBackend {
        switch store {
        case .memory:
            return ConformanceBackend(name: "in-memory", capabilities: InMemoryStore.declaredCapabilities) { caseID in
                InMemoryConfiguration(name: "conformance-\(caseID)-\(UUID().uuidString)")
            }
        case .postgres(let address):
            let settings = try PostgresConnectionSettings(url: address)
            print("PostgreSQL at \(settings), one schema per case named \(namespaces.prefix)N")
            return ConformanceBackend(name: "postgresql", capabilities: PostgresStore.declaredCapabilities) { _ in
                PostgresConfiguration(settings: settings, namespace: namespaces.next())
            }
        case .sqlite(let directory):
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw StrataCLIError.notADirectory(directory.path)
            }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            print("SQLite databases in \(directory.path)")
            return ConformanceBackend(name: "sqlite", capabilities: SQLiteStore.declaredCapabilities) { caseID in
                SQLiteConfiguration(url: directory.appendingPathComponent("\(caseID)-\(UUID().uuidString).sqlite"))
            }
        }
    }
}
