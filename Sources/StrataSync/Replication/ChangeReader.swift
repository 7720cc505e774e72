import StrataCore

/// Which collected changes one reader receives (a principal's pull, or everything for a
/// client's own push), and which links its rows show.
struct ChangeReader {
    /// Whether the reader may see a stored row.
    var sees: (any PersistentModel, SyncMapping) throws -> Bool = { _, _ in true }
    /// Whether a changed row the reader cannot see may have been in its scope before the change
    /// (`changed`: the properties that changed, `nil` for all): it is then sent as a deletion.
    var mayHaveLeft: (SyncMapping, _ changed: Set<String>?) -> Bool = { _, _ in true }
    /// Whether a deleted row, by the values its tombstone preserved, was the reader's to see.
    var held: (SyncMapping, _ preserved: [AnyKeyPath: Any]) -> Bool = { _, _ in true }
    /// Whether a row's link to `target` is shown (a link to a row the reader cannot see is left out).
    var showsLink: (_ target: any PersistentModel) throws -> Bool = { _ in true }

    /// A reader that receives every change and every link.
    static var everything: ChangeReader { ChangeReader() }
}

extension ReplicationScope {
    /// What `principal` receives of the changes `models` replicate.
    func reader(for principal: Principal, models: ReplicatedModels) -> ChangeReader {
        ChangeReader(
            sees: { model, mapping in try allows(model, of: mapping.entity.name, for: principal) },
            mayHaveLeft: { mapping, changed in mayHaveLeft(mapping, changed: changed) },
            held: { mapping, preserved in held(mapping, preserved: preserved, for: principal) },
            showsLink: { target in
                let entity = target.persistentModelID.entityName
                return try allowsLinks(to: entity) || allows(target, of: entity, for: principal)
            })
    }
}
