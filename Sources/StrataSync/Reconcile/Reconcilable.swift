import Foundation
import StrataCore

/// A model kept in step with ``RemoteRecord``s by a ``Reconciler``.
///
/// ```swift
/// @Model final class Trip: Reconcilable {
///     @Attribute(.unique) var remoteID: Int
///     var updatedAt: Date
///     var deletedAt: Date?
///     var name: String
///     @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
///
///     init(record: TripRecord) { remoteID = record.remoteID; updatedAt = record.updatedAt; name = record.name }
///     func update(from record: TripRecord) { name = record.name }
///
///     static var remoteIDKeyPath: ReferenceWritableKeyPath<Trip, Int> & Sendable { \.remoteID }
///     static var updatedAtKeyPath: ReferenceWritableKeyPath<Trip, Date> { \.updatedAt }
///     static var deletedAtKeyPath: ReferenceWritableKeyPath<Trip, Date?>? { \.deletedAt }
///     static var childCollections: [ChildCollection<Trip>] { [ChildCollection(\.stops, records: \.stops)] }
/// }
/// ```
public protocol Reconcilable: PersistentModel {
    /// The record type this model mirrors.
    associatedtype Record: RemoteRecord
    /// The property that holds the record's remote id (`Sendable`: a reconcile with
    /// ``DeletionPolicy/none`` fetches the named rows with a predicate over it).
    static var remoteIDKeyPath: ReferenceWritableKeyPath<Self, Record.RemoteID> & Sendable { get }
    /// The property that holds the record's `updatedAt`.
    static var updatedAtKeyPath: ReferenceWritableKeyPath<Self, Date> { get }
    /// The property ``DeletionPolicy/softDeleteMissing`` sets; `nil` (the default) when the model has none.
    static var deletedAtKeyPath: ReferenceWritableKeyPath<Self, Date?>? { get }
    /// The child collections reconciled, recursively, with each record (default: none).
    static var childCollections: [ChildCollection<Self>] { get }
    /// A new model holding `record`'s values.
    init(record: Record)
    /// Copies `record`'s values into the model (the reconciler sets the id and `updatedAt`).
    func update(from record: Record)
    /// Links the model to the models `record` names by remote id, after ``init(record:)`` (once
    /// the model is inserted) or ``update(from:)`` (default: nothing).
    /// - Throws: what `lookup` throws (``SyncError/Kind/unresolvedReference`` for an id no model
    ///   has), which fails the reconcile: nothing is written.
    func link(from record: Record, using lookup: ReconcileLookup) throws
}

extension Reconcilable {
    /// No `deletedAt`: ``DeletionPolicy/softDeleteMissing`` is refused.
    public static var deletedAtKeyPath: ReferenceWritableKeyPath<Self, Date?>? { nil }
    /// No child collections.
    public static var childCollections: [ChildCollection<Self>] { [] }
    /// No links by remote id.
    public func link(from record: Record, using lookup: ReconcileLookup) throws {}
}
