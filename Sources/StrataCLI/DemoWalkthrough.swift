import Foundation
import Strata

/// The fetches `strata demo` runs: for each, the Swift that wrote it, the rows it returned and
/// the SELECT statements it ran as.
struct DemoWalkthrough {
    let context: ModelContext
    let recorder: SQLTraceRecorder
    /// False for the in-memory store, which runs no SQL.
    let showsSQL: Bool

    /// Runs every fetch and prints it.
    /// - Throws: the first fetch's error.
    func run() throws {
        let notHundred = try recorder.selects {
            try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != 100 }, sortBy: [SortDescriptor(\.name)]))
        }
        show("1. `!=` keeps trips with no budget, because `nil != 100` is true in Swift",
             swift: #"#Predicate<Trip> { $0.budget != 100 }, sortBy: [SortDescriptor(\.name)]"#,
             rows: notHundred.result.map(describe), sql: notHundred.sql)

        let capitalO = try recorder.selects {
            try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.contains("O") }, sortBy: [SortDescriptor(\.name)]))
        }
        show("2. `contains` is case-sensitive: \"O\" matches Oslo, not Lisbon, Kyoto or Rome",
             swift: #"#Predicate<Trip> { $0.name.contains("O") }"#,
             rows: capitalO.result.map(describe), sql: capitalO.sql)

        let inLisbon = try recorder.selects {
            try context.fetch(FetchDescriptor<Stop>(predicate: #Predicate { $0.trip?.name == "Lisbon" }, sortBy: [SortDescriptor(\.city)]))
        }
        show("3. a to-one optional chain: a stop on no trip makes `==` false",
             swift: #"#Predicate<Stop> { $0.trip?.name == "Lisbon" }, sortBy: [SortDescriptor(\.city)]"#,
             rows: inLisbon.result.map(describe), sql: inLisbon.sql)

        let byBudget = try recorder.selects {
            try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.budget), SortDescriptor(\.name)]))
        }
        show("4. nil sorts first in ascending order, as Foundation's SortDescriptor does",
             swift: #"FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.budget), SortDescriptor(\.name)])"#,
             rows: byBudget.result.map(describe), sql: byBudget.sql)

        let cheapStops = try recorder.selects {
            try context.fetchCount(FetchDescriptor<Stop>(predicate: #Predicate { ($0.trip?.budget ?? 0) < 500 }))
        }
        show("5. fetchCount with `??`: the default replaces a missing trip or budget before comparing",
             swift: #"fetchCount(#Predicate<Stop> { ($0.trip?.budget ?? 0) < 500 })"#,
             rows: ["count: \(cheapStops.result)  (Oslo's 2, Kyoto's 2, Reykjavík)"], sql: cheapStops.sql)

        let fourLetters = FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != nil && $0.name.count == 4 }, sortBy: [SortDescriptor(\.name)])
        let budgeted = try recorder.selects { try context.fetch(fourLetters) }
        show("6. `name.count` counts Characters, which SQL cannot: `budget != nil` still runs in SQL and Swift finishes the rest",
             swift: #"#Predicate<Trip> { $0.budget != nil && $0.name.count == 4 }, sortBy: [SortDescriptor(\.name)]"#,
             rows: budgeted.result.map(describe), sql: budgeted.sql)
        print("   context.explain(…) says where each part ran (`strata explain` shows more):")
        print(try context.explain(fourLetters).description.split(separator: "\n").map { "      \($0)" }.joined(separator: "\n"))
        print("")
    }

    private func show(_ title: String, swift: String, rows: [String], sql: [String]) {
        print(title)
        print("   swift: \(swift)")
        print("   rows:  \(rows.isEmpty ? "(none)" : rows.joined(separator: "\n          "))")
        if showsSQL {
            print("   sql:   \(sql.isEmpty ? "(no SELECT ran)" : sql.joined(separator: "\n          "))")
        }
        print("")
    }

    private func describe(_ trip: Trip) -> String {
        let budget = trip.budget.map { "\(Int($0))" } ?? "nil"
        return "\(trip.name.padding(toLength: 7, withPad: " ", startingAt: 0)) start \(trip.start.formatted(.iso8601.year().month().day()))  budget \(budget)"
    }

    private func describe(_ stop: Stop) -> String {
        "\(stop.city) (trip \(stop.trip?.name ?? "nil"))"
    }
}
