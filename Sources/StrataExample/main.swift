// A runnable tour of the quick start: `swift run strata-example`.
import Foundation
import Strata

@Model final class Trip {
    @Attribute(.unique) var name: String
    var start: Date
    var budget: Double?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(name: String, start: Date, budget: Double? = nil) {
        self.name = name
        self.start = start
        self.budget = budget
    }
}

@Model final class Stop {
    var city: String
    var trip: Trip?

    init(city: String, trip: Trip? = nil) {
        self.city = city
        self.trip = trip
    }
}

let container = try ModelContainer(for: Trip.self, Stop.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let context = ModelContext(container)
let day: TimeInterval = 86_400
let lisbon = Trip(name: "Lisbon", start: Date(timeIntervalSince1970: 1_700_000_000), budget: 900)
lisbon.stops = [Stop(city: "Alfama"), Stop(city: "Belém")]
context.insert(lisbon)
context.insert(Trip(name: "Oslo", start: lisbon.start.addingTimeInterval(30 * day), budget: 100))
context.insert(Trip(name: "Kyoto", start: lisbon.start.addingTimeInterval(60 * day)))
try context.save()

let cheap = try context.fetch(FetchDescriptor<Trip>(
    predicate: #Predicate { $0.budget != 100 && $0.name.contains("o") },
    sortBy: [SortDescriptor(\.start, order: .reverse)]))
print("trips whose budget is not 100 and whose name contains \"o\", latest first:")
for trip in cheap {
    let budget = trip.budget.map { String($0) } ?? "none"
    print("  \(trip.name) (budget \(budget), \(trip.stops.count) stops)")
}
let stopsInLisbon = try context.fetchCount(FetchDescriptor<Stop>(predicate: #Predicate { $0.trip?.name == "Lisbon" }))
print("stops on the Lisbon trip: \(stopsInLisbon)")
