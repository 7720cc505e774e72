// `--postgres URL`: the six workloads through Strata's PostgresStore and through raw libpq on
// one server, then the concurrent workload (Strata only). Every namespace made is dropped at the end.
import Foundation
import Strata
import StrataPostgres

enum PostgresBenchmark {
    static func run(url: String, options: Options) throws {
        let namespaces = try BenchmarkNamespaces(url: url)
        defer { namespaces.dropAll() }
        try run(url: url, options: options, namespaces: namespaces)
    }

    // The stages share state in the order the SQLite mode runs them.
    private static func run(url: String, options: Options, namespaces: BenchmarkNamespaces) throws {
        let rows = options.rows
        let runs = options.runs
        let repetitions = options.repetitions
        let inputs = Workload.inputs(count: rows)
        let raw = try RawPostgres(conninfo: namespaces.settings.conninfo, namespace: namespaces.make("raw"))
        var timed: [TimedResult] = []

        // 1. Insert: a fresh table per side and per run (Strata: a fresh namespace and container).
        var strata: StrataDatabase!
        var strataNamespace = ""
        var rawInsert = Double.infinity, strataInsert = Double.infinity
        for run in 0..<runs {
            log("insert run \(run + 1)/\(runs)")
            try raw.recreateTable()
            rawInsert = min(rawInsert, try Measure.time { try raw.insert(inputs) })
            strata = nil
            if !strataNamespace.isEmpty { try namespaces.drop(strataNamespace) }
            strataNamespace = namespaces.make("strata\(run + 1)")
            let database = try StrataDatabase(postgres: url, namespace: strataNamespace, poolSize: options.pool)
            var context: ModelContext?
            strataInsert = min(strataInsert, try Measure.time { context = try database.insert(inputs) })
            consume(context)
            context = nil  // the models are released after the clock stopped
            strata = database
        }
        timed.append(TimedResult(name: "1 insert (one save)", unit: "rows", operations: rows, raw: rawInsert, strata: strataInsert, target: 2))
        let strataTable = #""\#(strataNamespace)"."Task""#
        // Set hint bits and statistics on both tables now, so no workload pays for it.
        try raw.exec("VACUUM ANALYZE \(raw.table)")
        try raw.exec("VACUUM ANALYZE \(strataTable)")

        // 2. Fetch all, every column decoded; raw first in each run.
        var rawFetch = Double.infinity, strataFetch = Double.infinity
        for run in 0..<runs {
            log("fetch-all run \(run + 1)/\(runs)")
            var rawRows: [TaskRow] = []
            rawFetch = min(rawFetch, try Measure.time {
                rawRows = try raw.fetchAll()
                consume(touch(rawRows))
            })
            precondition(rawRows.count == rows)
            rawRows = []
            var context: ModelContext? = ModelContext(strata.container)
            var models: [Task] = []
            strataFetch = min(strataFetch, try Measure.time {
                let fetched = try strata.fetchAll(in: context!)
                models = fetched.models
                consume(fetched.checksum)
            })
            precondition(models.count == rows)
            models = []
            context = nil
        }
        timed.append(TimedResult(name: "2 fetch all + touch", unit: "rows", operations: rows, raw: rawFetch, strata: strataFetch, target: 2))
        let rawFetchShape = try Measure.best(runs: runs, setup: {}) { _ in consume(touch(try raw.fetchAll(strataShape: true))) }
        timed.append(TimedResult(name: "2r same, raw runs Strata's SQL (info)", unit: "rows", operations: rows, raw: rawFetchShape, strata: strataFetch, target: nil))

        let queries = try QueryWorkloads.measure(
            raw: raw, strata: strata, rows: rows, options: options,
            targets: QueryTargets(filtered: 1.2, count: 1.2, update: 2, lookups: 1.2, predicateLookups: nil, largeIn: 2))
        timed += queries.results
        let identifiers = queries.identifiers

        // 7. Concurrent (Strata only), on the same container and table.
        log("concurrent: \(options.tasks) tasks × \(options.concurrentOperations) operations")
        let allIdentifiers = try strata.identifiers(for: (1...Int64(rows)).map { $0 })
        let concurrent = try ConcurrentWorkload.run(
            container: strata.container, identifiers: allIdentifiers, tasks: options.tasks,
            operations: options.concurrentOperations, warmup: max(options.concurrentOperations / 10, 1))

        // The SQL each Strata workload runs, from traced stores (never timed).
        log("tracing Strata's SQL")
        let traces = try traceStatements(url: url, namespace: strataNamespace, namespaces: namespaces, inputs: inputs, identifiers: identifiers)

        // Report.
        let version = try raw.exec("SHOW server_version") ?? "?"
        let settings = try raw.exec("SELECT 'fsync=' || current_setting('fsync') || ', synchronous_commit=' || current_setting('synchronous_commit') || ', shared_buffers=' || current_setting('shared_buffers')") ?? "?"
        print("Strata PostgresStore vs raw libpq \(libpqVersion()) — PostgreSQL \(version) at \(namespaces.settings) — \(rows) rows, best of \(runs) runs, \(repetitions) repetitions, \(identifiers.count) lookups (fresh context per \(options.batch))")
        print("server: \(settings); Strata pool: \(strata.postgresPoolSize) connections; raw: one connection")
        print("raw table:    \(try raw.describe(raw.table))")
        print("Strata table: \(try raw.describe(strataTable))")
        print("targets: issue 4's, as ratios to the best raw libpq method (multi-VALUES insert, pipelined update)")
        print("")
        Report.printTimed(timed)
        print("")
        ConcurrentWorkload.print(concurrent, poolSize: strata.postgresPoolSize)
        print("")
        print("SQL Strata runs per workload (deduplicated):")
        for (name, statements) in traces {
            print("  \(name):")
            for statement in statements { print("    \(statement.count > 300 ? String(statement.prefix(300)) + "… (\(statement.count) characters)" : statement)") }
        }
    }

    /// The deduplicated SQL of each workload, from a traced container on the benchmark's table
    /// (reads) and on a small table of its own (insert, update).
    private static func traceStatements(
        url: String, namespace: String, namespaces: BenchmarkNamespaces, inputs: [TaskInput], identifiers: [PersistentIdentifier]
    ) throws -> [(String, [String])] {
        let traced = try StrataDatabase(postgres: url, namespace: namespace, poolSize: nil, traced: true)
        let small = try StrataDatabase(postgres: url, namespace: namespaces.make("trace"), poolSize: nil, traced: true)
        var traces: [(String, [String])] = []
        traces.append(("1 insert", try small.statements { _ = try small.insert(Array(inputs.prefix(2))) }))
        traces.append(("2 fetch all", try traced.statements { consume(try traced.fetchAll(in: ModelContext(traced.container)).checksum) }))
        traces.append(("3 filtered", try traced.statements { consume(try traced.filtered(repetitions: 1)) }))
        traces.append(("4 count", try traced.statements { consume(try traced.count(repetitions: 1)) }))
        traces.append(("5 update", try small.statements {
            let (context, models) = try small.loadForUpdate()
            try StrataDatabase.update(models, in: context, bump: 9)
        }))
        traces.append(("6 model(for:)", try traced.statements { consume(try traced.lookups(Array(identifiers.prefix(1)), batch: 1)) }))
        traces.append(("6b #Predicate id", try traced.statements { consume(try traced.predicateLookups(Array(identifiers.prefix(1)), batch: 1)) }))
        return traces
    }
}
