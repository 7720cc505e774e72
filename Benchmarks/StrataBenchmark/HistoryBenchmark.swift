// `--history`: what recording history costs a save. One save of N inserts into a store that
// records history, against the same save into one that does not, alternating, in one run: on
// SQLite, and on PostgreSQL too with `--postgres URL`. Target (issue 17): under 30% more.
import Foundation
import Strata
import StrataPostgres

enum HistoryBenchmark {
    static func run(options: Options) throws {
        let inputs = Workload.inputs(count: options.rows)
        print("history on the save path: one save of \(options.rows) inserts, best of \(options.runs) (ms); ratio = with history / without")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try compare("SQLite", inputs: inputs, runs: options.runs) { history, run in
            var configuration = SQLiteConfiguration(url: directory.appendingPathComponent("\(history)-\(run).sqlite"))
            configuration.recordsHistory = history
            return configuration
        }
        guard let url = options.postgres else { return }
        let namespaces = try BenchmarkNamespaces(url: url)
        defer { namespaces.dropAll() }
        try compare("PostgreSQL", inputs: inputs, runs: options.runs) { history, run in
            var configuration = try PostgresConfiguration(url: url, namespace: namespaces.make("history\(history ? 1 : 0)\(run)"))
            configuration.recordsHistory = history
            return configuration
        }
    }

    /// Times one save of `inputs` into a fresh store with and without history, `runs` times each, alternating.
    private static func compare(
        _ store: String, inputs: [TaskInput], runs: Int, configuration: (_ history: Bool, _ run: Int) throws -> any DataStoreConfiguration
    ) throws {
        var best = (with: Double.infinity, without: Double.infinity)
        for run in 0..<runs {
            for history in [true, false] {
                let container = try ModelContainer(for: Schema([Task.self]), configurations: [configuration(history, run)])
                let context = ModelContext(container)
                for input in inputs {
                    context.insert(Task(title: input.title, priority: input.priority, score: input.score, due: input.due, done: input.done))
                }
                let elapsed = try Measure.time { try context.save() }
                if history { best.with = min(best.with, elapsed) } else { best.without = min(best.without, elapsed) }
            }
        }
        print(String(format: "  %@: with history %.1f ms, without %.1f ms, ratio %.2f", store, best.with * 1000, best.without * 1000, best.with / best.without))
    }
}
