// `--sync-import [--rows N] [--runs R] [--postgres URL]`: importing N JSON objects with a to-one
// link each through StrataSync, against decoding the same JSON with JSONDecoder into structs and
// inserting them with raw libsqlite3 (and raw libpq with --postgres), in one run. Each run starts
// from a fresh store holding the 1,000 owners (inserted untimed); best of R runs per side.
import Foundation
import Strata
import StrataPostgres
import StrataSync

enum SyncImportBenchmark {
    static func run(options: Options) throws {
        let items = SyncPayload.itemsJSON(count: options.rows)
        let owners = SyncPayload.ownersJSON()
        var timed: [TimedResult] = []
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sync-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var raw = Double.infinity, strata = Double.infinity
        for run in 0..<options.runs {
            log("sqlite sync import run \(run + 1)/\(options.runs)")
            let rawDatabase = try RawSyncSQLite(path: directory.appendingPathComponent("raw-\(run).sqlite").path)
            try rawDatabase.insertOwners(count: SyncPayload.owners)
            raw = min(raw, try Measure.time { try rawDatabase.importItems(items) })
            let url = directory.appendingPathComponent("strata-\(run).sqlite")
            let container = try ModelContainer(for: SyncOwner.self, SyncItem.self, configurations: SQLiteConfiguration(url: url))
            strata = min(strata, try importStrata(owners: owners, items: items, into: container, expected: options.rows))
        }
        timed.append(TimedResult(name: "sync import, SQLite", unit: "objects", operations: options.rows, raw: raw, strata: strata, target: 3))

        if let url = options.postgres {
            let namespaces = try BenchmarkNamespaces(url: url)
            defer { namespaces.dropAll() }
            raw = .infinity
            strata = .infinity
            for run in 0..<options.runs {
                log("postgres sync import run \(run + 1)/\(options.runs)")
                let rawDatabase = try RawSyncPostgres(conninfo: namespaces.settings.conninfo, namespace: namespaces.make("rawsync\(run)"))
                try rawDatabase.insertOwners(count: SyncPayload.owners)
                raw = min(raw, try Measure.time { try rawDatabase.importItems(items) })
                let configuration = try PostgresConfiguration(url: url, namespace: namespaces.make("strsync\(run)"))
                let container = try ModelContainer(for: SyncOwner.self, SyncItem.self, configurations: configuration)
                strata = min(strata, try importStrata(owners: owners, items: items, into: container, expected: options.rows))
            }
            timed.append(TimedResult(name: "sync import, PostgreSQL", unit: "objects", operations: options.rows, raw: raw, strata: strata, target: 3))
        }
        print("StrataSync import vs JSONDecoder + raw inserts — \(options.rows) objects with a to-one link each, best of \(options.runs) runs")
        print("raw: JSONDecoder into structs, owner ids read once, one transaction of prepared INSERTs (libpq: 1,000 rows per statement)")
        print("")
        Report.printTimed(timed)
    }

    /// Imports the owners (untimed), then times importing the items; checks what was stored.
    private static func importStrata(owners: Data, items: Data, into container: ModelContainer, expected: Int) throws -> Double {
        let importer = SyncImporter(container: container)
        try importer.importJSON(owners, as: SyncOwner.self)
        var summary = SyncImportSummary()
        let elapsed = try Measure.time { summary = try importer.importJSON(items, as: SyncItem.self) }
        precondition(summary.inserted == expected, "imported \(summary.inserted) of \(expected)")
        let linked = try ModelContext(container).fetchCount(FetchDescriptor<SyncItem>(predicate: #Predicate { $0.owner != nil }))
        precondition(linked == expected, "\(linked) of \(expected) items linked")
        return elapsed
    }
}
