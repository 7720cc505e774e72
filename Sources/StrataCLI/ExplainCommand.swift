import ArgumentParser
import Foundation
import Strata

/// `strata explain`: for a few representative fetches over the demo's trips and stops, prints
/// the SQL each runs and which parts of its predicate, sort and window run in memory.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show, for a few representative fetches, the SQL a store runs and what it leaves to memory."
    )

    @Option(
        help: ArgumentHelp(
            "`memory`, the path of a new SQLite database file, or a postgres:// URL (a new schema is created).",
            discussion: "Default: a fresh SQLite file in a temporary directory.",
            valueName: "sqlite file path | memory | postgres://…"),
        transform: StoreArgument.parse)
    var store: StoreArgument?

    @Flag(help: "Show the bound values too (they may be personal data in a real app).")
    var values = false

    func run() throws {
        let container = try DemoStore.open(store, trace: { _ in })
        let context = ModelContext(container)
        print("")
        for example in Self.examples {
            print(example.title)
            print("   swift: \(example.swift)")
            print(try example.explain(context, values).description.split(separator: "\n").map { "   \($0)" }.joined(separator: "\n"))
            print("")
        }
    }

    /// One fetch to explain: what it shows, its Swift, and the explanation.
    struct Example {
        let title: String
        let swift: String
        let explain: (ModelContext, Bool) throws -> FetchExplanation
    }

    static var examples: [Example] {
        [
            Example(
                title: "1. everything translates: predicate, sort and window all run in SQL",
                swift: #"FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != 100 }, sortBy: [SortDescriptor(\.start)]), fetchLimit 2"#,
                explain: { context, values in
                    try context.explain(
                        windowed(FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != 100 }, sortBy: [SortDescriptor(\.start)]), limit: 2),
                        showingValues: values)
                }),
            Example(
                title: "2. one conjunct cannot translate (String.count counts Characters): the other still runs in SQL, and the limit reads pages",
                swift: #"#Predicate<Trip> { $0.budget != nil && $0.name.count > 4 }, sortBy: [SortDescriptor(\.start, order: .reverse)], fetchLimit 2"#,
                explain: { context, values in
                    try context.explain(
                        windowed(FetchDescriptor<Trip>(
                            predicate: #Predicate { $0.budget != nil && $0.name.count > 4 }, sortBy: [SortDescriptor(\.start, order: .reverse)]), limit: 2),
                        showingValues: values)
                }),
            Example(
                title: "3. a sort through a relationship runs in memory; the predicate still runs in SQL, the window after the sort",
                swift: #"#Predicate<Stop> { $0.trip?.budget != nil }, sortBy: [SortDescriptor(\.trip?.name), SortDescriptor(\.city)], fetchOffset 1"#,
                explain: { context, values in
                    try context.explain(
                        windowed(FetchDescriptor<Stop>(
                            predicate: #Predicate { $0.trip?.budget != nil }, sortBy: [SortDescriptor(\.trip?.name), SortDescriptor(\.city)]), offset: 1),
                        showingValues: values)
                }),
            Example(
                title: "4. nothing translates: every row is read and Swift evaluates the predicate",
                swift: #"#Predicate<Stop> { $0.city.count <= 4 || $0.city.contains("ø") }"#,
                explain: { context, values in
                    try context.explain(FetchDescriptor<Stop>(predicate: #Predicate { $0.city.count <= 4 || $0.city.contains("ø") }), showingValues: values)
                }),
        ]
    }

    /// `descriptor` with an offset and a limit.
    static func windowed<T>(_ descriptor: FetchDescriptor<T>, offset: Int? = nil, limit: Int? = nil) -> FetchDescriptor<T> {
        var windowed = descriptor
        windowed.fetchOffset = offset
        windowed.fetchLimit = limit
        return windowed
    }
}
