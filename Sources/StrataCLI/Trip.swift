import Foundation
import Strata

/// The demo's trip: a unique name, a start date, an optional budget and its stops.
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
