import StrataCore

/// Finds the models a reconciled record names by remote id, in the reconcile's own context: the
/// stored ones and those the reconcile has inserted so far, soft-deleted ones included.
///
/// ```swift
/// func link(from record: TripRecord, using lookup: ReconcileLookup) throws {
///     driver = try record.driverID.map { try lookup.require(Driver.self, remoteID: $0) }   // Driver: Reconcilable
/// }
/// ```
public struct ReconcileLookup {
    let context: ModelContext

    /// The model of `type` whose remote id is `remoteID`, or `nil` when there is none.
    /// - Throws: the store's error.
    public func model<Target: Reconcilable>(_ type: Target.Type, remoteID: Target.Record.RemoteID) throws -> Target? {
        try context.fetch(Reconciler.named([remoteID], as: Target.self)).first
    }

    /// The model of `type` whose remote id is `remoteID`.
    /// - Throws: ``SyncError/Kind/unresolvedReference`` when there is none (the reconcile then
    ///   writes nothing), or the store's error.
    public func require<Target: Reconcilable>(_ type: Target.Type, remoteID: Target.Record.RemoteID) throws -> Target {
        guard let found = try model(type, remoteID: remoteID) else {
            throw SyncError(.unresolvedReference, "no \(Schema.entityName(for: Target.self)) has remote id \(remoteID)")
        }
        return found
    }
}
