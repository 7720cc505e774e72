/// A store whose snapshots leave to-many relationships unloaded (`nil`), as a fetch then costs
/// nothing per related model: a context loads a relationship's identifiers with
/// ``relatedIdentifiers(of:relationship:editingState:)`` the first time it is read, as SwiftData
/// faults a to-many relationship in. A store whose snapshots carry their to-many relationships
/// need not adopt it (see ``DataStore/storedRelatedIdentifiers(of:relationship:editingState:)``).
public protocol DataStoreRelationshipFaulting: DataStore {
    /// The identifiers the to-many relationship `relationship` of each of `owners` holds, in the
    /// order the relationship reads back, by owner; owners the store does not have are absent.
    /// - Throws: the store's typed error.
    func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]]
}

extension DataStore {
    /// The identifiers the to-many relationship `relationship` of each of `owners` holds: from a
    /// ``DataStoreRelationshipFaulting`` store, or from the snapshots of any other store (which
    /// carry their to-many relationships). A store that wraps another forwards to this.
    /// - Throws: the store's typed error.
    public func storedRelatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        if let faulting = self as? any DataStoreRelationshipFaulting {
            return try faulting.relatedIdentifiers(of: owners, relationship: relationship, editingState: editingState)
        }
        return try cachedSnapshots(for: owners, editingState: editingState).mapValues { snapshot in
            switch snapshot.value(forProperty: relationship) {
            case .identifiers(let identifiers)?: identifiers
            case .identifier(let identifier)?: [identifier]
            default: []
            }
        }
    }
}
