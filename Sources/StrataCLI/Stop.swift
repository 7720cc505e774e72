import Strata

/// The demo's stop: a city, on a trip or on none.
@Model final class Stop {
    var city: String
    var trip: Trip?

    init(city: String, trip: Trip? = nil) {
        self.city = city
        self.trip = trip
    }
}
