extension AnyModelStorage {
    /// Adds `identifier` to relationship `name` (inverse maintenance: no further inverse work).
    /// An unloaded to-many relationship records the addition without being read.
    /// - Returns: the model a to-one relationship pointed at before, when it was another one.
    @discardableResult
    func link(_ identifier: PersistentIdentifier, into name: String) -> PersistentIdentifier? {
        guard let index = layout.snapshotLayout.index(of: name) else { return nil }
        if isUnloadedToMany(at: index) {
            changeUnloaded(at: index, adding: identifier)
            return nil
        }
        let current = relatedIdentifiers(at: index)
        if layout.properties[index].relationshipTarget!.isToOne {
            guard current.first != identifier else { return nil }
            willChange(slot: index)
            values[index] = .identifier(identifier)
            return current.first
        }
        guard !current.contains(identifier) else { return nil }
        willChange(slot: index)
        values[index] = .identifiers(current + [identifier])
        return nil
    }

    /// Removes `identifier` from relationship `name` (inverse maintenance: no further inverse work).
    /// An unloaded to-many relationship records the removal without being read.
    func unlink(_ identifier: PersistentIdentifier, from name: String, recordingChange: Bool = true) {
        guard let index = layout.snapshotLayout.index(of: name) else { return }
        if isUnloadedToMany(at: index) {
            changeUnloaded(at: index, removing: identifier, recordingChange: recordingChange)
            return
        }
        let current = relatedIdentifiers(at: index)
        guard current.contains(identifier) else { return }
        if recordingChange { willChange(slot: index) }
        values[index] = layout.properties[index].relationshipTarget!.isToOne
            ? .null
            : .identifiers(current.filter { $0 != identifier })
    }

    /// Rewrites relationship slots through a temporary→permanent identifier map.
    func remapRelationships(_ map: [PersistentIdentifier: PersistentIdentifier]) {
        for index in layout.relationshipIndices {
            if let stored = values[index] {
                values[index] = stored.remapped(map)
            } else if let changes = unloadedChanges(at: index) {
                setObject(.unloadedChanges(changes.remapped(map)), at: index)
            }
        }
    }

    /// Drops references to deleted models from every relationship slot, without recording a
    /// change (an unloaded to-many relationship is not read: it will not list them once loaded).
    func forget(_ deleted: Set<PersistentIdentifier>) {
        for index in layout.relationshipIndices {
            let current = knownRelatedIdentifiers(at: index)
            guard current.contains(where: deleted.contains) else { continue }
            for identifier in current where deleted.contains(identifier) {
                unlink(identifier, from: layout.properties[index].name, recordingChange: false)
            }
        }
    }
}
