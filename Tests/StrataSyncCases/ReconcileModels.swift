import Foundation
import StrataCore
import StrataSync

/// A trip as the remote API sends it, with its stops.
public struct TripRecord: RemoteRecord {
    public let remoteID: Int
    public let updatedAt: Date
    public let name: String
    public let stops: [StopRecord]
    /// The remote id of the trip this one follows, if any.
    public let followsID: Int?

    public init(_ remoteID: Int, at updatedAt: Date, name: String, stops: [StopRecord] = [], follows followsID: Int? = nil) {
        self.remoteID = remoteID
        self.updatedAt = updatedAt
        self.name = name
        self.stops = stops
        self.followsID = followsID
    }
}

/// A stop as the remote API sends it.
public struct StopRecord: RemoteRecord {
    public let remoteID: Int
    public let updatedAt: Date
    public let title: String

    public init(_ remoteID: Int, at updatedAt: Date, title: String) {
        self.remoteID = remoteID
        self.updatedAt = updatedAt
        self.title = title
    }
}

/// A trip kept in step with ``TripRecord``s, soft-deletable, with its stops as a child collection
/// and the trip it follows linked by remote id.
@Model public final class SyncTrip: Reconcilable {
    @Attribute(.unique) public var remoteID: Int
    public var updatedAt: Date
    public var deletedAt: Date?
    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \SyncStop.trip) public var stops: [SyncStop] = []
    public var follows: SyncTrip?

    public init(record: TripRecord) {
        remoteID = record.remoteID
        updatedAt = record.updatedAt
        name = record.name
    }

    public func update(from record: TripRecord) {
        name = record.name
    }

    public func link(from record: TripRecord, using lookup: ReconcileLookup) throws {
        follows = try record.followsID.map { try lookup.require(SyncTrip.self, remoteID: $0) }
    }

    public static var remoteIDKeyPath: ReferenceWritableKeyPath<SyncTrip, Int> & Sendable { \.remoteID }
    public static var updatedAtKeyPath: ReferenceWritableKeyPath<SyncTrip, Date> { \.updatedAt }
    public static var deletedAtKeyPath: ReferenceWritableKeyPath<SyncTrip, Date?>? { \.deletedAt }
    public static var childCollections: [ChildCollection<SyncTrip>] { [ChildCollection(\.stops, records: \.stops)] }
}

/// A stop of a trip; its id is unique only within the trip, and it has no `deletedAt`.
@Model public final class SyncStop: Reconcilable {
    public var remoteID: Int
    public var updatedAt: Date
    public var title: String
    public var trip: SyncTrip?

    public init(record: StopRecord) {
        remoteID = record.remoteID
        updatedAt = record.updatedAt
        title = record.title
    }

    public func update(from record: StopRecord) {
        title = record.title
    }

    public static var remoteIDKeyPath: ReferenceWritableKeyPath<SyncStop, Int> & Sendable { \.remoteID }
    public static var updatedAtKeyPath: ReferenceWritableKeyPath<SyncStop, Date> { \.updatedAt }
}
