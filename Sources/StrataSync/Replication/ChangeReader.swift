import StrataCore

/// Which collected changes one reader receives (a principal's pull, or everything for a
/// client's own push), and which links its rows show.
struct ChangeReader {
    /// Whether the reader may see a stored row.
    var sees: (any PersistentModel, SyncMapping) throws -> Bool = { _, _ in true }
    /// Whether a changed row the reader cannot see may have been in its scope before the change
    /// (`changed`: the properties that changed, `nil` for all): it is then sent as a deletion.
    var mayHaveLeft: (SyncMapping, _ changed: Set<String>?) -> Bool = { _, _ in true }
    /// Whether a changed row the reader sees may have just entered its scope (`changed`: as
    /// above): it is then sent whole, with the rows under it, as the reader may not have it.
    var mayHaveEntered: (SyncMapping, _ changed: Set<String>?) -> Bool = { _, _ in false }
    /// Whether a deleted row, by the values its tombstone preserved, was the reader's to see.
    var held: (SyncMapping, _ preserved: [AnyKeyPath: Any]) -> Bool = { _, _ in true }
    /// Whether a row's link to `target` is shown (a link to a row the reader cannot see is left out).
    var showsLink: (_ target: any PersistentModel) throws -> Bool = { _ in true }

    /// A reader that receives every change and every link.
    static var everything: ChangeReader { ChangeReader() }
}

extension ChangeReader {
    /// The rows under `model` (linking to it through a to-one whose list side is not
    /// replicated) that the reader sees, with their values as it sees them. They go beside a
    /// deletion of `model` the reader receives while the server keeps the row (it left the
    /// reader's scope, or the reader deleted it and the server kept it): the reader's delete
    /// rule would otherwise take them, or they would keep a link the reader cleared.
    /// - Throws: ``ReplicationError`` for a row without an id; a value's encoding error.
    func children(of model: any PersistentModel, _ mapping: SyncMapping, in models: ReplicatedModels) throws -> [ReplicationChange] {
        var changes: [ReplicationChange] = []
        for relationship in mapping.childLists {
            // A child being deleted in the same save is left out: the context drops the link then.
            for child in relationship.targets(of: model) where !child.isDeleted {
                let childMapping = try models.mapping(of: child.persistentModelID.entityName)
                guard try sees(child, childMapping) else { continue }
                changes.append(
                    ReplicationChange(entity: childMapping.entity.name, id: try childMapping.remoteID(of: child), values: try childMapping.replicatedValues(of: child, showing: showsLink)))
            }
        }
        return changes
    }
}

extension ReplicationScope {
    /// What `principal` receives of the changes `models` replicate.
    func reader(for principal: Principal, models: ReplicatedModels) -> ChangeReader {
        ChangeReader(
            sees: { model, mapping in try allows(model, of: mapping.entity.name, for: principal) },
            mayHaveLeft: { mapping, changed in mayHaveLeft(mapping, changed: changed) },
            mayHaveEntered: { mapping, changed in keyChanged(mapping, changed: changed) },
            held: { mapping, preserved in held(mapping, preserved: preserved, for: principal) },
            showsLink: { target in
                let entity = target.persistentModelID.entityName
                return try allowsLinks(to: entity) || allows(target, of: entity, for: principal)
            })
    }
}
