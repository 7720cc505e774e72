// `--hierarchy`: fetches over a class hierarchy on the SQLite store (one table per root, an
// `_entity` discriminator; docs/semantics.md rule 36) against the same rows in a final class's
// own table, in one run.
import Foundation
import Strata

/// The root of the benchmarked hierarchy: `Task`'s attributes.
@Model class Job {
    var title: String
    var priority: Int?
    var score: Double
    var due: Date
    var done: Bool

    init(_ input: TaskInput) {
        title = input.title
        priority = input.priority
        score = input.score
        due = input.due
        done = input.done
    }
}

/// A subclass with one attribute of its own.
@Model final class UrgentJob: Job {
    var escalation: Int

    init(_ input: TaskInput, escalation: Int) {
        self.escalation = escalation
        super.init(input)
    }
}

enum HierarchyBenchmark {
    static func run(options: Options) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-hierarchy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = Workload.inputs(count: options.rows)
        log("inserting \(options.rows) rows twice")
        let flat = try ModelContainer(for: Task.self, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("flat.sqlite")))
        let hierarchy = try ModelContainer(for: Job.self, UrgentJob.self, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("tree.sqlite")))
        try { let context = ModelContext(flat); for input in inputs { context.insert(Task(title: input.title, priority: input.priority, score: input.score, due: input.due, done: input.done)) }; try context.save() }()
        // Every fourth job is urgent.
        try { let context = ModelContext(hierarchy); for (index, input) in inputs.enumerated() { context.insert(index % 4 == 0 ? UrgentJob(input, escalation: index) : Job(input)) }; try context.save() }()

        print("class hierarchy, \(options.rows) rows (1 in 4 a subclass), SQLite, best of \(options.runs) (ms); ratio = hierarchy / flat")
        try compare("fetch all, as the root", runs: options.runs,
                    flat: { try ModelContext(flat).fetch(FetchDescriptor<Task>()).count },
                    hierarchy: { try ModelContext(hierarchy).fetch(FetchDescriptor<Job>()).count })
        try compare("fetch done, sorted by score, limit 100", runs: options.runs,
                    flat: { var top = FetchDescriptor<Task>(predicate: #Predicate { $0.done }, sortBy: [SortDescriptor(\.score)]); top.fetchLimit = 100; return try ModelContext(flat).fetch(top).count },
                    hierarchy: { var top = FetchDescriptor<Job>(predicate: #Predicate { $0.done }, sortBy: [SortDescriptor(\.score)]); top.fetchLimit = 100; return try ModelContext(hierarchy).fetch(top).count })
        let subclass = try Measure.best(runs: options.runs, setup: {}) { consume(try ModelContext(hierarchy).fetch(FetchDescriptor<UrgentJob>()).count) }
        let typeCheck = try Measure.best(runs: options.runs, setup: {}) {
            consume(try ModelContext(hierarchy).fetch(FetchDescriptor<Job>(predicate: #Predicate { $0 is UrgentJob })).count)
        }
        print(String(format: "  fetch the subclass (%d rows): FetchDescriptor<UrgentJob> %.1f ms, `$0 is UrgentJob` on the root %.1f ms",
                     (options.rows + 3) / 4, subclass * 1000, typeCheck * 1000))
    }

    /// Times both sides, checks they return as many models, and prints both.
    private static func compare(_ name: String, runs: Int, flat: () throws -> Int, hierarchy: () throws -> Int) throws {
        let (flatCount, hierarchyCount) = (try flat(), try hierarchy())
        precondition(flatCount == hierarchyCount, "\(name): flat \(flatCount), hierarchy \(hierarchyCount)")
        let flatTime = try Measure.best(runs: runs, setup: {}) { consume(try flat()) }
        let hierarchyTime = try Measure.best(runs: runs, setup: {}) { consume(try hierarchy()) }
        print(String(format: "  %@ (%d models): flat %.1f ms, hierarchy %.1f ms, ratio %.2f", name, flatCount, flatTime * 1000, hierarchyTime * 1000, hierarchyTime / flatTime))
    }
}
