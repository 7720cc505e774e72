// `--sync-import [--rows N] [--runs R] [--postgres URL]`: importing N JSON objects with a to-one
// link each through StrataSync, in one run beside
// - a hand-written importer on the same kind of Strata store (HandWrittenSyncImport.swift), into
//   an empty store and again with the unchanged payload into the store that import filled;
// - decoding the same JSON with JSONDecoder into structs and inserting them with raw libsqlite3
//   (and raw libpq with --postgres), into an empty store.
// Every side starts from a fresh store holding the 1,000 owners (inserted untimed); the sides
// take turns going first, run by run; best of R runs per side.
import Foundation
import Strata
import StrataPostgres

enum SyncImportBenchmark {
    static func run(options: Options) throws {
        let payload = SyncImportSides.Payload(owners: SyncPayload.ownersJSON(), items: SyncPayload.itemsJSON(count: options.rows), count: options.rows)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sync-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var stores: [(name: String, best: SyncImportSides.Best)] = []
        let sqlite = try SyncImportSides.measure(payload, runs: options.runs, store: "sqlite") { run in
            let database = try RawSyncSQLite(path: directory.appendingPathComponent("raw-\(run).sqlite").path)
            try database.insertOwners(count: SyncPayload.owners)
            return try Measure.time { try database.importItems(payload.items) }
        } container: { run, side in
            try ModelContainer(for: SyncOwner.self, SyncItem.self, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("\(side)-\(run).sqlite")))
        }
        stores.append((name: "SQLite", best: sqlite))

        if let url = options.postgres {
            let namespaces = try BenchmarkNamespaces(url: url)
            defer { namespaces.dropAll() }
            let postgres = try SyncImportSides.measure(payload, runs: options.runs, store: "postgres") { run in
                let database = try RawSyncPostgres(conninfo: namespaces.settings.conninfo, namespace: namespaces.make("rawsync\(run)"))
                try database.insertOwners(count: SyncPayload.owners)
                return try Measure.time { try database.importItems(payload.items) }
            } container: { run, side in
                try ModelContainer(for: SyncOwner.self, SyncItem.self, configurations: try PostgresConfiguration(url: url, namespace: namespaces.make("\(side)\(run)")))
            }
            stores.append((name: "PostgreSQL", best: postgres))
        }

        let rows = options.rows
        print("StrataSync import — \(rows) objects with updated_at and a to-one link each, best of \(options.runs) runs, sides alternated")
        print("hand-written: JSONDecoder into structs, stored items and owners fetched once into dictionaries by id,")
        print("insert new, update if updatedAt is newer, one save, on the same kind of Strata store")
        print("")
        Report.printTimed(
            stores.flatMap { store in
                [
                    TimedResult(name: "into an empty store, \(store.name)", unit: "objects", operations: rows, raw: store.best.handEmpty, strata: store.best.syncEmpty, target: 1.2),
                    TimedResult(name: "unchanged again, \(store.name)", unit: "objects", operations: rows, raw: store.best.handAgain, strata: store.best.syncAgain, target: 1.2),
                ]
            }, columns: (baseline: "by hand", subject: "StrataSync"))
        print("")
        print("raw: JSONDecoder into structs, owner ids read once, one transaction of prepared INSERTs (libpq: 1,000 rows per statement)")
        print("")
        Report.printTimed(
            stores.flatMap { store in
                [
                    TimedResult(name: "StrataSync, empty store, \(store.name)", unit: "objects", operations: rows, raw: store.best.raw, strata: store.best.syncEmpty, target: 3),
                    TimedResult(name: "by hand, empty store, \(store.name)", unit: "objects", operations: rows, raw: store.best.raw, strata: store.best.handEmpty),
                ]
            })
    }
}
