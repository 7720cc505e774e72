// `--fallback`: a predicate with one conjunct SQL cannot run, on the SQLite store, as it runs
// now (the translatable conjuncts in SQL, the rest in Swift) against the all-or-nothing
// fallback it replaced (read every row, evaluate the descriptor in Swift), in one run.
import Foundation
import Logging
import Strata

enum FallbackBenchmark {
    static func run(options: Options) throws {
        try withTemporaryDatabase(named: "fallback") { try run(options: options, url: $0) }
    }

    private static func run(options: Options, url: URL) throws {
        log("inserting \(options.rows) rows")
        consume(try StrataDatabase(url: url).insert(Workload.inputs(count: options.rows)))
        let silent = try ModelContainer(for: Task.self, configurations: SQLiteConfiguration(url: url))
        let warning = try ModelContainer(
            for: Task.self, configurations: SQLiteConfiguration(url: url), logger: Logger(label: "bench") { _ in DiscardingWarnings() })

        let mixed = #Predicate<Task> { $0.priority == 3 && $0.title.count == 16 }
        // About 1 row in 400 has a title under 14 characters; nearly every one has more than 10.
        var sparseTop = FetchDescriptor<Task>(predicate: #Predicate { $0.done && $0.title.count < 14 }, sortBy: [SortDescriptor(\.score)])
        sparseTop.fetchLimit = 20
        var denseTop = FetchDescriptor<Task>(predicate: #Predicate { $0.done && $0.title.count > 10 }, sortBy: [SortDescriptor(\.score)])
        denseTop.fetchLimit = 20
        var translated = FetchDescriptor<Task>(predicate: #Predicate { $0.priority == 3 })
        translated.fetchLimit = 1
        print("fallback, \(options.rows) rows, best of \(options.runs) (ms); ratio = before / now")
        try compare("fetch  priority == 3 && title.count == 16", in: silent, runs: options.runs,
                    now: { try $0.fetch(FetchDescriptor(predicate: mixed)).count },
                    before: { FetchEvaluator.apply(FetchDescriptor(predicate: mixed), to: try $0.fetch(FetchDescriptor<Task>())).count })
        try compare("fetchCount of the same", in: silent, runs: options.runs,
                    now: { try $0.fetchCount(FetchDescriptor(predicate: mixed)) },
                    before: { FetchEvaluator.apply(FetchDescriptor(predicate: mixed), to: try $0.fetch(FetchDescriptor<Task>())).count })
        for (name, top) in [("sparse", sparseTop), ("dense", denseTop)] {
            try compare("fetch  \(name) Swift filter, by score, limit 20", in: silent, runs: options.runs,
                        now: { try $0.fetch(top).count },
                        before: { FetchEvaluator.apply(top, to: try $0.fetch(FetchDescriptor<Task>())).count })
        }
        // Alternating, best of each: a logger that shows warnings makes the context plan twice.
        let repetitions = options.repetitions
        var quiet = Double.infinity, warned = Double.infinity
        for _ in 0..<options.runs {
            quiet = min(quiet, try Measure.time { for _ in 0..<repetitions { consume(try ModelContext(silent).fetch(translated)) } })
            warned = min(warned, try Measure.time { for _ in 0..<repetitions { consume(try ModelContext(warning).fetch(translated)) } })
        }
        print(String(format: "  %@: silent %.1f µs, warnings on %.1f µs per fetch (ratio %.2f)",
                     "translated fetch, limit 1, logger", quiet * 1e6 / Double(repetitions), warned * 1e6 / Double(repetitions), warned / quiet))
    }

    /// Times `now` and `before`, each on a fresh context, checks they agree, and prints both.
    private static func compare(
        _ name: String, in container: ModelContainer, runs: Int, now: (ModelContext) throws -> Int, before: (ModelContext) throws -> Int
    ) throws {
        let (expected, actual) = (try before(ModelContext(container)), try now(ModelContext(container)))
        precondition(expected == actual, "\(name): before \(expected), now \(actual)")
        let nowTime = try Measure.best(runs: runs, setup: { ModelContext(container) }) { consume(try now($0)) }
        let beforeTime = try Measure.best(runs: runs, setup: { ModelContext(container) }) { consume(try before($0)) }
        print(String(format: "  %@ (%d rows): now %.1f ms, before %.1f ms, ratio %.1f", name, actual, nowTime * 1000, beforeTime * 1000, beforeTime / nowTime))
    }
}

/// A log handler that lets warnings through and drops them: what a fetch costs with a logger on.
struct DiscardingWarnings: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {}
}
