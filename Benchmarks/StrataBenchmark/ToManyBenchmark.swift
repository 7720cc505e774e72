// `--to-many`: reading models that have a to-many relationship, on SQLite (and on PostgreSQL
// with `--postgres URL`): every parent at once, and one parent by identifier at a time in a
// fresh context (what a request handler does before it relates a new child to the parent), with
// the statements each read runs.
//   swift run -c release StrataBenchmark --to-many [--parents N (10000)] [--children C (5)] [--runs R] [--lookups L] [--postgres URL]
import Foundation
import Strata
import StrataPostgres

enum ToManyBenchmark {
    static func run(options: Options) throws {
        print("Reading \(options.parents) parents with \(options.children) children each, best of \(options.runs) runs")
        try withTemporaryDatabase(named: "to-many") { url in
            let counter = BatchDeleteBenchmark.StatementCounter()
            var configuration = SQLiteConfiguration(url: url)
            configuration.trace = counter.trace
            try measure("SQLite", ModelContainer(for: Parent.self, Child.self, configurations: configuration), counter: counter, options: options)
        }
        if let url = options.postgres {
            let namespaces = try BenchmarkNamespaces(url: url)
            defer { namespaces.dropAll() }
            let counter = BatchDeleteBenchmark.StatementCounter()
            var configuration = try PostgresConfiguration(url: url, namespace: namespaces.make("tomany"))
            configuration.trace = counter.trace
            try measure("PostgreSQL", ModelContainer(for: Parent.self, Child.self, configurations: configuration), counter: counter, options: options)
        }
    }

    private static func measure(_ backend: String, _ container: ModelContainer, counter: BatchDeleteBenchmark.StatementCounter, options: Options) throws {
        try Parent.seed(options.parents, childrenEach: options.children, in: container)
        let identifiers = try ModelContext(container).fetchIdentifiers(FetchDescriptor<Parent>())
        let lookups = (0..<min(options.lookups, 2_000)).map { identifiers[$0 * 7919 % identifiers.count] }

        let expected = options.parents * options.children
        var all = Double.infinity
        for _ in 0..<options.runs {
            all = min(all, try Measure.time {
                let context = ModelContext(container)
                let parents = try context.fetch(FetchDescriptor<Parent>())
                let related = parents.reduce(0) { $0 + $1.children.count }
                precondition(related == expected, "\(related) children read, \(expected) expected")
            })
        }
        var one = Double.infinity
        var statements: [String: Int] = [:]
        for _ in 0..<options.runs {
            statements = try counter.counting {
                one = min(one, try Measure.time {
                    for identifier in lookups {
                        let context = ModelContext(container)
                        let parent = try context.fetch(FetchDescriptor<Parent>(predicate: #Predicate { $0.persistentModelID == identifier }))
                        precondition(parent.first?.children.count == options.children, "a parent lost its children")
                    }
                })
            }
        }
        let perLookup = statements.sorted { $0.key < $1.key }.map { "\($0.key) \(Double($0.value) / Double(lookups.count))" }.joined(separator: ", ")
        print(String(format: "  %@: every parent %.1f ms; one parent by identifier %.1f µs (statements each: %@)",
                     backend, all * 1000, one * 1e6 / Double(lookups.count), perLookup))
    }
}
