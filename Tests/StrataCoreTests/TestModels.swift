import Strata

@Model final class Trip {
    @Attribute(.unique) var name: String
    var start: Date
    var budget: Double?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Transient var isSelected = false

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

/// Not in any container's schema unless a test adds it.
@Model final class Stray {
    var label: String

    init(label: String) {
        self.label = label
    }
}

/// A type Strata cannot persist (neither a primitive nor Codable).
struct Opaque: Sendable {
    var handle: Int
}

@Model final class Unstorable {
    var opaque: Opaque

    init(opaque: Opaque) {
        self.opaque = opaque
    }
}

/// `#Index` with index kinds, SwiftData's iOS 18 form.
@Model final class Place {
    #Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))
    var name: String
    var latitude: Double
    var longitude: Double

    init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Models may be non-final classes.
@Model class Vehicle {
    #Unique<Vehicle>([\.plate])
    #Index<Vehicle>([\.plate], [\.wheels])
    var plate: String
    var wheels: Int

    init(plate: String, wheels: Int) {
        self.plate = plate
        self.wheels = wheels
    }
}

func makeContainer(_ types: any PersistentModel.Type...) throws -> ModelContainer {
    try ModelContainer(for: Schema(types.isEmpty ? [Trip.self] : types), configurations: [InMemoryConfiguration()])
}

let day: TimeInterval = 86_400
let epoch = Date(timeIntervalSince1970: 1_700_000_000)

/// SwiftData shapes without annotations: inferred attribute types, an optional to-many, and an
/// inverse SwiftData infers (the only relationships between the two types, one each way).
@Model final class Scoreboard {
    var title = "board"
    var score = 0
    var ratio = 0.5
    var active = true
    @Relationship(deleteRule: .cascade) var entries: [ScoreEntry]? = []

    init(title: String) {
        self.title = title
    }
}

/// The to-one side of ``Scoreboard/entries``, with no inverse declared on either side.
@Model final class ScoreEntry {
    var points: Int
    var board: Scoreboard?

    init(points: Int) {
        self.points = points
    }
}
