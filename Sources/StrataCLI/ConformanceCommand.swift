import ArgumentParser
import Foundation
import Strata
import StrataConformance

/// `strata conformance`: runs the conformance suite against a store and reports the result.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run the conformance suite against a store; exits non-zero when a case fails.",
        discussion: """
            Opens one store first and stops with its error when that fails. Prints a line as each \
            category ends, then the report. Removes the databases or schemas a category made while \
            the next one runs, unless --keep is given.
            """
    )

    @Option(
        help: ArgumentHelp(
            "`memory`, a directory for SQLite databases (one fresh file per case; created if missing), "
                + "or a postgres:// URL (one fresh schema per case).",
            valueName: "sqlite directory | memory | postgres://…"),
        transform: StoreArgument.parse)
    var store: StoreArgument

    @Option(help: ArgumentHelp("Also write the report as JSON to this file.", valueName: "file.json"))
    var report: String?

    @Option(help: ArgumentHelp("Run only the cases whose id contains this text.", valueName: "substring of case id"))
    var filter: String?

    @Option(help: "How many cases run at once; a category's cases run together, categories one after another.")
    var jobs = 4

    @Flag(help: "Keep the SQLite databases or PostgreSQL schemas the cases made (removed as each category ends otherwise).")
    var keep = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let reportURL = try report.map(Self.reportDestination)
        let target = try makeTarget()
        print(target.summary)
        fflush(nil)
        try target.check()
        let cases = ConformanceSuite.cases.filter { conformanceCase in filter.map { conformanceCase.id.contains($0) } ?? true }
        if let filter, cases.isEmpty { throw StrataCLIError.noMatchingCases(filter) }

        var progress = ConformanceProgress(cases)
        print(progress.start)
        fflush(nil)
        let removal = BackgroundRemoval()
        let outcome = ConformanceRunner(backend: target.backend).runAll(progress.cases, workers: jobs) { result in
            guard let line = progress.record(result) else { return }
            if !keep { removal.start(target.takeCreated()) }
            print(line)
            fflush(nil)  // so a pipe (`| tee log`) shows each line as it comes
        }
        var cleanUpFailures = removal.finish()
        if keep {
            print(target.kept)
        } else {
            do { try target.removeHolder() } catch { cleanUpFailures.append("\(error)") }
        }
        print(outcome.text)
        if let reportURL { try write(outcome, to: reportURL) }
        // After the report: what the cases made and could not be removed does not change the verdict.
        for failure in cleanUpFailures {
            FileHandle.standardError.write(Data("warning: could not remove what a case made in \(target.place): \(failure)\n".utf8))
        }
        if outcome.failed > 0 { throw ExitCode.failure }
    }

    /// The target `--store` selects.
    /// - Throws: ``StrataCLIError`` for a SQLite directory that is a file or cannot be created;
    ///   ``PostgresError`` for a malformed PostgreSQL URL.
    private func makeTarget() throws -> any ConformanceTarget {
        switch store {
        case .memory: InMemoryConformanceTarget()
        case .postgres(let address): try PostgresConformanceTarget(address: address)
        case .sqlite(let directory): try SQLiteConformanceTarget(directory: directory)
        }
    }

    /// Where `--report` writes, checked before the run so a long run does not end unable to write it.
    /// - Throws: ``StrataCLIError/fileSystem(action:reason:)`` when its directory is missing.
    private static func reportDestination(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isDirectory: ObjCBool = false
        let directory = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StrataCLIError.fileSystem(action: "write the report to \(url.path)", reason: "there is no directory \(directory)")
        }
        return url
    }

    /// Writes the JSON report to `url`.
    /// - Throws: ``StrataCLIError/fileSystem(action:reason:)``.
    private func write(_ outcome: ConformanceReport, to url: URL) throws {
        do {
            try outcome.write(to: url)
        } catch {
            throw StrataCLIError.fileSystem("write the report to \(url.path)", error)
        }
        print("report written to \(url.path)")
    }
}
