import ArgumentParser
import Foundation
import Strata
import StrataConformance

/// `strata conformance`: runs the conformance suite against a store and reports the result.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run the conformance suite against a store; exits non-zero when a case fails."
    )

    @Option(
        help: ArgumentHelp(
            "`memory`, or a directory for SQLite databases (one fresh file per case; created if missing).",
            valueName: "sqlite directory | memory"),
        transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: ArgumentHelp("Also write the report as JSON to this file.", valueName: "file.json"))
    var report: String?

    @Option(help: ArgumentHelp("Run only the cases whose id contains this text.", valueName: "substring of case id"))
    var filter: String?

    func run() throws {
        let backend = try makeBackend()
        let cases = ConformanceSuite.cases.filter { conformanceCase in filter.map { conformanceCase.id.contains($0) } ?? true }
        if let filter, cases.isEmpty { throw StrataCLIError.noMatchingCases(filter) }

        let outcome = ConformanceRunner(backend: backend).runAll(cases)
        print(outcome.text)
        if let report {
            let url = URL(fileURLWithPath: (report as NSString).expandingTildeInPath)
            try outcome.write(to: url)
            print("report written to \(url.path)")
        }
        if outcome.failed > 0 { throw ExitCode.failure }
    }

    /// The backend `--store` selects, declaring every capability the suite knows.
    /// - Throws: ``StrataCLIError`` for a PostgreSQL URL or a path that is a file; the file
    ///   system's error when the directory cannot be created.
    private func makeBackend() throws -> ConformanceBackend {
        switch store {
        case .memory:
            return ConformanceBackend(name: "in-memory", capabilities: InMemoryStore.declaredCapabilities) { caseID in
                InMemoryConfiguration(name: "conformance-\(caseID)-\(UUID().uuidString)")
            }
        case .postgres(let address):
            throw StrataCLIError.postgresNotAvailable(address)
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
