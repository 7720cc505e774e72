/// The rows a delete rule cascades to are recorded in history with the deletion that removed
/// them, each with its tombstone: a follower (a replica) that holds one of them under another
/// parent, or holds it without the link, learns it is gone (docs/replication.md rule 12).
extension ModelContext {
    /// What a `delete(model:where:)` records in history: the matching rows (`doomed`; `read`, their
    /// models when they were loaded for their tombstones) and the stored rows their `.cascade`
    /// rules reach from `roots` (the matching models, loaded when cascades are recorded), each
    /// with its tombstone. `nil` when the store keeps no history.
    /// - Throws: the store's error reading a cascading list; nothing is deleted then.
    func batchDeleteHistory(doomed: [PersistentIdentifier], read: [AnyModelStorage]?, roots: [AnyModelStorage]) throws -> HistoryDraft? {
        let cascaded = try cascadedForHistory(from: roots)
        return historyDraft(deleting: doomed + cascaded.map(\.identifier), tombstones: tombstones(of: (read ?? []) + cascaded))
    }

    /// The stored models a `.cascade` rule reaches from `deleted`, level by level, loaded (each
    /// unloaded list read once); `[]` when the context records no history or nothing cascades.
    /// Models the save deletes itself are not repeated.
    /// - Throws: the store's error; nothing is saved then.
    func cascadedForHistory(from deleted: [AnyModelStorage]) throws -> [AnyModelStorage] {
        guard container.recordsHistory, !deleted.isEmpty,
            container.schema.entities.contains(where: { $0.relationships.contains { $0.deleteRule == .cascade } })
        else { return [] }
        var seen = Set(deleted.map(\.identifier)), queue = deleted, reached: [AnyModelStorage] = []
        while let storage = queue.popLast() {
            guard let entity = entity(of: storage) else { continue }
            for relationship in entity.relationships where relationship.deleteRule == .cascade {
                guard let index = storage.layout.snapshotLayout.index(of: relationship.name) else { continue }
                if storage.isUnloadedToMany(at: index) { try load(storage, at: index, relationship: relationship.name) }
                let targets = storage.knownRelatedIdentifiers(at: index).filter { seen.insert($0).inserted }
                for model in resolveModels(for: targets) where !model.storage.isDeleted {
                    reached.append(model.storage)
                    queue.append(model.storage)
                }
            }
        }
        try throwFailedRead()
        return reached
    }
}
