import Foundation
import StrataCore

/// A hierarchy whose subclasses declare relationships, and delete rules, the root does not have.
@Model public class Venue {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// A subclass whose shows go with it; its poster is kept outside the row, its visitor count
/// is never stored.
@Model public final class Theater: Venue {
    @Relationship(deleteRule: .cascade, inverse: \Show.theater) public var shows: [Show] = []
    @Attribute(.externalStorage) public var poster: Data?
    @Attribute(.ephemeral) public var visitors = 0

    public override init(name: String) {
        super.init(name: name)
    }
}

/// A subclass that cannot be deleted while it has bookings.
@Model public final class Arena: Venue {
    @Relationship(deleteRule: .deny, inverse: \Show.arena) public var bookings: [Show] = []

    public override init(name: String) {
        super.init(name: name)
    }
}

/// A show, staged by a theater or booked at an arena.
@Model public final class Show {
    public var title: String
    public var theater: Theater?
    public var arena: Arena?

    public init(title: String) {
        self.title = title
    }
}

/// A district: its cascading relationship points at the root class.
@Model public final class District {
    public var name: String
    @Relationship(deleteRule: .cascade) public var venues: [Venue] = []

    public init(name: String) {
        self.name = name
    }
}

extension ConformanceModels {
    /// The venue hierarchy, its shows and a city holding venues of any class.
    public static var venues: [any PersistentModel.Type] { [Venue.self, Theater.self, Arena.self, Show.self, District.self] }
}
