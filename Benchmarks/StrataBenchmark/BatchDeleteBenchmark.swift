// `--batch-delete`: `ModelContext.delete(model:where:)` of parents whose children cascade, on
// SQLite (and on PostgreSQL with `--postgres URL`): the statements the store runs and the time.
//   swift run -c release StrataBenchmark --batch-delete [--parents N (10000)] [--children C (5)] [--runs R]
import Foundation
import Strata
import StrataPostgres
import Synchronization

/// A parent whose children go with it.
@Model final class Parent {
    var name: String
    var rank: Int
    @Relationship(deleteRule: .cascade, inverse: \Child.parent) var children: [Child] = []

    init(name: String, rank: Int) {
        self.name = name
        self.rank = rank
    }
}

/// A child of one parent.
extension Parent {
    /// Saves parents `p0`… (ranked 0, 1, …), each with `children` children `c<parent>.0`…, in one save.
    static func seed(_ parents: Int, childrenEach children: Int, in container: ModelContainer) throws {
        let setup = ModelContext(container)
        for index in 0..<parents {
            let parent = Parent(name: "p\(index)", rank: index)
            setup.insert(parent)
            for child in 0..<children { setup.insert(Child(name: "c\(index).\(child)", parent: parent)) }
        }
        try setup.save()
    }
}

@Model final class Child {
    var name: String
    var parent: Parent?

    init(name: String, parent: Parent) {
        self.name = name
        self.parent = parent
    }
}

enum BatchDeleteBenchmark {
    /// Counts the statements a store runs while counting is on, by their first word.
    final class StatementCounter: Sendable {
        private let counts = Mutex<[String: Int]?>(nil)

        var trace: @Sendable (String) -> Void {
            { [self] sql in
                let verb = String(sql.prefix { !$0.isWhitespace }).uppercased()
                counts.withLock { $0?[verb, default: 0] += 1 }
            }
        }

        /// Runs `body` counting statements; returns the counts.
        func counting(_ body: () throws -> Void) rethrows -> [String: Int] {
            counts.withLock { $0 = [:] }
            defer { counts.withLock { $0 = nil } }
            try body()
            return counts.withLock { $0 ?? [:] }
        }
    }

    /// One measured delete: seconds and statements by verb.
    struct Outcome {
        var seconds: Double
        var statements: [String: Int]
    }

    static func run(options: Options) throws {
        let (parents, children, runs) = (options.parents, options.children, options.runs)
        print("Batch delete of \(parents) parents with \(children) children each (.cascade), best of \(runs) runs")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-batch-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try measure(runs: runs, parents: parents, children: children) { run, counter in
            var configuration = SQLiteConfiguration(url: directory.appendingPathComponent("batch-\(run).sqlite"))
            configuration.trace = counter.trace
            return configuration
        }
        report("SQLite", sqlite)
        if let url = options.postgres {
            let namespaces = try BenchmarkNamespaces(url: url)
            defer { namespaces.dropAll() }
            let postgres = try measure(runs: runs, parents: parents, children: children) { run, counter in
                var configuration = try PostgresConfiguration(url: url, namespace: namespaces.make("batch\(run)"))
                configuration.trace = counter.trace
                return configuration
            }
            report("PostgreSQL", postgres)
        }
    }

    /// The fastest of `runs` deletes, each on a fresh store `configure` makes.
    private static func measure<Configuration: DataStoreConfiguration>(
        runs: Int, parents: Int, children: Int, configure: (Int, StatementCounter) throws -> Configuration
    ) throws -> Outcome {
        var best: Outcome?
        for run in 0..<runs {
            log("batch delete run \(run + 1)/\(runs)")
            let counter = StatementCounter()
            let container = try ModelContainer(for: Parent.self, Child.self, configurations: configure(run, counter))
            try Parent.seed(parents, childrenEach: children, in: container)
            let context = ModelContext(container)
            var seconds = 0.0
            let statements = try counter.counting {
                seconds = try Measure.time { try context.delete(model: Parent.self, where: #Predicate { $0.rank >= 0 }) }
            }
            let check = ModelContext(container)
            let left = try check.fetchCount(FetchDescriptor<Parent>()) + check.fetchCount(FetchDescriptor<Child>())
            precondition(left == 0, "\(left) rows left after the batch delete")
            if best.map({ seconds < $0.seconds }) ?? true { best = Outcome(seconds: seconds, statements: statements) }
        }
        return best!
    }

    private static func report(_ backend: String, _ outcome: Outcome) {
        let total = outcome.statements.values.reduce(0, +)
        let verbs = outcome.statements.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("  \(backend): \(String(format: "%.3f", outcome.seconds)) s, \(total) statements (\(verbs))")
    }
}
