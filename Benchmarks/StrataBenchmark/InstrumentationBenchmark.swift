// `--instrumentation`: what metrics and tracing cost on the SQLite store's fastest calls, in one
// run: key lookups through a predicate (`persistentModelID == id`, fetchLimit 1) and counts, first with nothing
// bootstrapped (the default: the container keeps no instrumentation), then after bootstrapping
// swift-metrics (MetricsTestKit's recording factory) and a tracer (InMemoryTracer) — the
// heaviest honest backends, since both keep everything in memory.
import Foundation
import InMemoryTracing
import Metrics
import MetricsTestKit
import Strata
import Tracing

enum InstrumentationBenchmark {
    static func run(options: Options) throws {
        try withTemporaryDatabase(named: "instrumentation") { try run(options: options, url: $0) }
    }

    private static func run(options: Options, url: URL) throws {
        log("inserting \(options.rows) rows")
        consume(try StrataDatabase(url: url).insert(Workload.inputs(count: options.rows)))
        let plain = try ModelContainer(for: Task.self, configurations: SQLiteConfiguration(url: url))
        let all = try ModelContext(plain).fetchIdentifiers(FetchDescriptor<Task>())
        let lookups = min(options.lookups, all.count)
        let identifiers = (0..<lookups).map { all[$0 * (all.count / lookups)] }
        let before = try measure(plain, identifiers: identifiers, runs: options.runs)
        MetricsSystem.bootstrap(TestMetrics())
        InstrumentationSystem.bootstrap(InMemoryTracer())
        let instrumented = try ModelContainer(for: Task.self, configurations: SQLiteConfiguration(url: url))
        let after = try measure(instrumented, identifiers: identifiers, runs: options.runs)

        print("instrumentation, \(options.rows) rows, \(lookups) calls, best of \(options.runs) (µs per call)")
        print("call                              nothing bootstrapped   metrics + tracing   ratio")
        for (name, plainSeconds, instrumentedSeconds) in [("predicate key lookup, limit 1", before.lookup, after.lookup), ("fetchCount", before.count, after.count)] {
            let perCallBefore = plainSeconds / Double(lookups) * 1e6, perCallAfter = instrumentedSeconds / Double(lookups) * 1e6
            print(name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "%8.2f", perCallBefore).padding(toLength: 23, withPad: " ", startingAt: 0)
                + String(format: "%8.2f", perCallAfter).padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: "%.2f×", perCallAfter / perCallBefore))
        }
    }

    /// Best-of-`runs` seconds for all lookups, then for as many counts, each in a fresh context.
    private static func measure(_ container: ModelContainer, identifiers: [PersistentIdentifier], runs: Int) throws -> (lookup: Double, count: Double) {
        let lookup = try Measure.best(runs: runs, setup: { ModelContext(container) }) { context in
            for id in identifiers {
                var descriptor = FetchDescriptor<Task>(predicate: #Predicate { $0.persistentModelID == id })
                descriptor.fetchLimit = 1
                consume(try context.fetch(descriptor))
            }
        }
        let count = try Measure.best(runs: runs, setup: { ModelContext(container) }) { context in
            for id in identifiers { consume(try context.fetchCount(FetchDescriptor<Task>(predicate: #Predicate { $0.persistentModelID == id }))) }
        }
        return (lookup, count)
    }
}
