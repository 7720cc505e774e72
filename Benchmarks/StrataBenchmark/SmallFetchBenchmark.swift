// `--small-fetch`: the example server's list request on the SQLite store — a fresh context, a
// predicate with captured values, two sort descriptors, a page of 20 — against raw libsqlite3
// running the same query on the same small table. With few rows SQLite's own work is small, so
// the difference is what Strata adds per fetch: planning (translating the predicate and the
// sort), binding, decoding and materializing.
import CSQLite
import Foundation
import Strata

enum SmallFetchBenchmark {
    static func run(options: Options) throws {
        try withTemporaryDatabase(named: "small-fetch") { try run(options: options, url: $0) }
    }

    private static func run(options: Options, url: URL) throws {
        let rows = min(options.rows, 100)
        consume(try StrataDatabase(url: url).insert(Workload.inputs(count: rows)))
        let container = try ModelContainer(for: Task.self, configurations: SQLiteConfiguration(url: url))
        let raw = try RawDatabase(path: url.path, create: false)
        let statement = try raw.prepare(
            #"SELECT \#(RawDatabase.columns) FROM "Task" WHERE "done" = ?1 AND "score" >= ?2 ORDER BY "score" DESC, "_pk" DESC LIMIT 20"#)
        defer { sqlite3_finalize(statement) }
        // The text Strata runs (its alias, and a guard that keeps text out of a number comparison).
        let strataStatement = try raw.prepare(
            #"SELECT "t0"."_pk", "t0"."title", "t0"."priority", "t0"."score", "t0"."due", "t0"."done" FROM "Task" AS "t0" WHERE (("t0"."done" = ?1) AND ("t0"."score" >= ?2) AND (typeof("t0"."score") <> 'text')) ORDER BY "t0"."score" DESC, "t0"."_pk" DESC LIMIT 20"#)
        defer { sqlite3_finalize(strataStatement) }

        let fetches = options.repetitions * 50
        let minimums = (0..<fetches).map { Double($0 % 5) * 100 }
        let strataTitles = try ModelContext(container).fetch(descriptor(minimum: minimums[1])).map(\.title)
        let rawTitles = try raw.page(statement, minimum: minimums[1]).map(\.title)
        precondition(strataTitles == rawTitles && strataTitles.count == 20, "Strata and raw SQLite read different pages")

        var strataTime = Double.infinity, rawTime = Double.infinity, strataSQLTime = Double.infinity
        for _ in 0..<options.runs {
            rawTime = min(rawTime, try Measure.time { for minimum in minimums { consume(touch(try raw.page(statement, minimum: minimum))) } })
            strataSQLTime = min(strataSQLTime, try Measure.time {
                for minimum in minimums {
                    try raw.exec("BEGIN DEFERRED")  // Strata's reader reads in a transaction
                    consume(touch(try raw.page(strataStatement, minimum: minimum)))
                    try raw.exec("COMMIT")
                }
            })
            strataTime = min(strataTime, try Measure.time { consume(try strata(container, minimums: minimums[...])) })
        }
        let micros = { (time: Double) in time * 1e6 / Double(fetches) }
        print("small fetch: \(rows) rows, done == false && score >= x, by score descending then key, limit 20; \(fetches) fetches, best of \(options.runs)")
        print(String(format: "  raw %.1f µs, Strata %.1f µs per fetch (ratio %.2f)", micros(rawTime), micros(strataTime), strataTime / rawTime))
        print(String(format: "  raw running Strata's SQL in a transaction %.1f µs: Strata's Swift side adds %.1f µs per fetch",
                     micros(strataSQLTime), micros(strataTime) - micros(strataSQLTime)))
    }

    /// One fetch per minimum, each in a fresh context with a descriptor built for it, as a
    /// server builds one per request; returns a checksum of every property read.
    private static func strata(_ container: ModelContainer, minimums: ArraySlice<Double>) throws -> Int {
        var total = 0
        for minimum in minimums {
            total &+= touch(try ModelContext(container).fetch(descriptor(minimum: minimum)))
        }
        return total
    }

    /// The request's descriptor, built anew for each request.
    private static func descriptor(minimum: Double) -> FetchDescriptor<Task> {
        let done = false
        var descriptor = FetchDescriptor<Task>(
            predicate: #Predicate { $0.done == done && $0.score >= minimum },
            sortBy: [SortDescriptor(\.score, order: .reverse), SortDescriptor(\.persistentModelID, order: .reverse)])
        descriptor.fetchLimit = 20
        return descriptor
    }
}

extension RawDatabase {
    /// One page of the small-fetch query for `minimum`.
    func page(_ statement: OpaquePointer, minimum: Double) throws -> [TaskRow] {
        sqlite3_bind_int64(statement, 1, 0)
        sqlite3_bind_double(statement, 2, minimum)
        return try rows(statement, capacity: 20)
    }
}
