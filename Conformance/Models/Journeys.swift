import StrataCore

/// The shape of Apple's SampleTrips: a journey owns a bucket list (to-many) and a lodging
/// (one-to-one), both cascading; the items and the lodging point back.
@Model public final class Journey {
    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \BucketItem.journey) public var bucketList: [BucketItem] = []
    @Relationship(deleteRule: .cascade, inverse: \Lodging.journey) public var lodging: Lodging?

    public init(name: String) {
        self.name = name
    }

    /// The models of this shape.
    public static let models: [any PersistentModel.Type] = [Journey.self, BucketItem.self, Lodging.self]
}

/// An entry of ``Journey/bucketList``; its `init` may relate it to a journey.
@Model public final class BucketItem {
    public var title: String
    public var journey: Journey?

    public init(title: String, journey: Journey? = nil) {
        self.title = title
        self.journey = journey
    }
}

/// The one-to-one side of ``Journey/lodging``.
@Model public final class Lodging {
    public var place: String
    public var journey: Journey?

    public init(place: String) {
        self.place = place
    }
}
