import ArgumentParser
import Foundation
import Strata
import StrataPostgres

/// `strata demo`: builds a small trip planner, then shows what a few `#Predicate` fetches return
/// and, on SQLite or PostgreSQL, the SQL each one ran as.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Insert a few trips and stops, then show what Strata's fetches return and the SQL they run."
    )

    @Option(
        help: ArgumentHelp(
            "`memory`, the path of a new SQLite database file, or a postgres:// URL (the demo writes to a new schema).",
            discussion: "Default: a fresh SQLite file in a temporary directory.",
            valueName: "sqlite file path | memory | postgres://…"),
        transform: StoreArgument.parse)
    var store: StoreArgument?

    func run() throws {
        let recorder = SQLTraceRecorder()
        let container = try DemoStore.open(store, trace: recorder.trace)
        try Self.insertSample(into: container)
        let walkthrough = DemoWalkthrough(context: ModelContext(container), recorder: recorder, showsSQL: store != .memory)
        try walkthrough.run()
    }

    /// Saves four trips (one without a budget) with their stops, and one stop on no trip.
    /// - Throws: the save's error.
    static func insertSample(into container: ModelContainer) throws {
        let context = ModelContext(container)
        let day: TimeInterval = 86_400
        let may1 = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01
        let trips = [
            (Trip(name: "Lisbon", start: may1, budget: 900), ["Alfama", "Belém", "Sintra"]),
            (Trip(name: "Oslo", start: may1.addingTimeInterval(40 * day), budget: 100), ["Frogner", "Bygdøy"]),
            (Trip(name: "Kyoto", start: may1.addingTimeInterval(-30 * day)), ["Gion", "Arashiyama"]),
            (Trip(name: "Rome", start: may1.addingTimeInterval(90 * day), budget: 1_500), ["Trastevere"]),
        ]
        for (trip, cities) in trips {
            context.insert(trip)
            trip.stops = cities.map { Stop(city: $0) }
        }
        context.insert(Stop(city: "Reykjavík"))
        try context.save()
        print("saved 4 trips (Kyoto has no budget) and 9 stops (Reykjavík is on no trip)\n")
    }
}
