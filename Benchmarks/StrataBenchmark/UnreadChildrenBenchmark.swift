// `--unread-children`: what a parent's to-many relationship costs when it is not read, on SQLite
// (and on PostgreSQL with `--postgres URL`): fetching every parent without touching its children,
// and saving one new child linked to a parent looked up by identifier (what `POST /items` does),
// with 10, 100 and 1,000 children per parent. Both should cost the same whatever the child count.
//   swift run -c release StrataBenchmark --unread-children [--parents N (1000)] [--runs R] [--lookups L] [--postgres URL]
import Foundation
import Strata
import StrataPostgres

enum UnreadChildrenBenchmark {
    static let childCounts = [10, 100, 1_000]

    static func run(options: Options) throws {
        let parents = options.parentsGiven ?? 1_000
        print("Fetching \(parents) parents without reading their children, and saving one child of a looked-up parent; best of \(options.runs) runs")
        for children in childCounts {
            try withTemporaryDatabase(named: "unread-children") { url in
                let counter = BatchDeleteBenchmark.StatementCounter()
                var configuration = SQLiteConfiguration(url: url)
                configuration.trace = counter.trace
                let container = try ModelContainer(for: Parent.self, Child.self, configurations: configuration)
                try measure("SQLite", container, parents: parents, children: children, counter: counter, options: options)
            }
        }
        guard let url = options.postgres else { return }
        let namespaces = try BenchmarkNamespaces(url: url)
        defer { namespaces.dropAll() }
        for children in childCounts {
            let counter = BatchDeleteBenchmark.StatementCounter()
            var configuration = try PostgresConfiguration(url: url, namespace: namespaces.make("unread\(children)"))
            configuration.trace = counter.trace
            let container = try ModelContainer(for: Parent.self, Child.self, configurations: configuration)
            try measure("PostgreSQL", container, parents: parents, children: children, counter: counter, options: options)
        }
    }

    private static func measure(
        _ backend: String, _ container: ModelContainer, parents: Int, children: Int, counter: BatchDeleteBenchmark.StatementCounter, options: Options
    ) throws {
        try Parent.seed(parents, childrenEach: children, in: container)
        let identifiers = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Parent>())
        let lookups = (0..<min(options.lookups, 500)).map { identifiers[$0 * 7919 % identifiers.count] }

        var fetchAll = Double.infinity
        var fetchStatements: [String: Int] = [:]
        for _ in 0..<options.runs {
            fetchStatements = try counter.counting {
                fetchAll = min(fetchAll, try Measure.time {
                    let fetched = try ModelContext(container).fetch(FetchDescriptor<Parent>())
                    precondition(fetched.count == parents && fetched.allSatisfy { !$0.name.isEmpty }, "a parent is missing")
                })
            }
        }
        var saveOne = Double.infinity
        var saveStatements: [String: Int] = [:]
        for run in 0..<options.runs {
            saveStatements = try counter.counting {
                saveOne = min(saveOne, try Measure.time {
                    for (offset, identifier) in lookups.enumerated() {
                        let context = ModelContext(container)
                        let parent = try context.fetch(FetchDescriptor<Parent>(predicate: #Predicate { $0.persistentModelID == identifier }))
                        context.insert(Child(name: "new\(run).\(offset)", parent: try parent.first ?? { throw BenchmarkFailure("a parent is missing") }()))
                        try context.save()
                    }
                })
            }
        }
        print(String(format: "  %@, %5d children each: fetch every parent %7.1f ms (%@); save one child %7.1f µs (%@ each)",
                     backend, children, fetchAll * 1000, describe(fetchStatements, per: 1), saveOne * 1e6 / Double(lookups.count),
                     describe(saveStatements, per: lookups.count)))
    }

    /// Statement counts by verb, divided by `count`.
    private static func describe(_ statements: [String: Int], per count: Int) -> String {
        statements.sorted { $0.key < $1.key }.map { "\($0.key) \(Double($0.value) / Double(count))" }.joined(separator: ", ")
    }
}

/// A benchmark's setup went wrong.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
