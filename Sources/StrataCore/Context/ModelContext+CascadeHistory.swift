/// The rows a delete rule cascades to are recorded in history with the deletion that removed
/// them, each with its tombstone: a follower (a replica) that holds one of them under another
/// parent, or holds it without the link, learns it is gone (docs/replication.md rule 12).
extension ModelContext {
    /// What a `delete(model:where:)` records in history: the matching rows (`doomed`; `read`, their
    /// models when ``batchDeleteReadsModels(_:)``) and the stored rows their `.cascade` rules
    /// reach, each with its tombstone. `nil` when the store keeps no history.
    /// - Throws: the store's error reading a cascading list; nothing is deleted then.
    func batchDeleteHistory(doomed: [PersistentIdentifier], read: [AnyModelStorage]) throws -> HistoryDraft? {
        let cascaded = try cascadedForHistory(from: read)
        return historyDraft(deleting: doomed + cascaded.map(\.identifier), tombstones: tombstones(of: read + cascaded))
    }

    /// The stored models a `.cascade` rule reaches from `deleted`, level by level, loaded; `[]`
    /// when the context records no history or nothing cascades. Each level costs a store call per
    /// relationship for the lists it had not loaded (models fetched together load theirs
    /// together, ``ToManyFaultBatch``) and one per entity for the models it reaches, whatever
    /// the number of rows. Models the save deletes itself are not repeated.
    /// - Throws: the store's error; nothing is saved then.
    func cascadedForHistory(from deleted: [AnyModelStorage]) throws -> [AnyModelStorage] {
        guard container.recordsHistory, !deleted.isEmpty,
            container.schema.entities.contains(where: { $0.relationships.contains { $0.deleteRule == .cascade } })
        else { return [] }
        var seen = Set(deleted.map(\.identifier)), level = deleted, reached: [AnyModelStorage] = []
        while !level.isEmpty {
            var targets: [PersistentIdentifier] = []
            for storage in level {
                guard let entity = entity(of: storage) else { continue }
                for relationship in entity.relationships where relationship.deleteRule == .cascade {
                    guard let index = storage.layout.snapshotLayout.index(of: relationship.name), storage.loadToManyIfUnloaded(at: index) else { continue }
                    targets += storage.knownRelatedIdentifiers(at: index).filter { seen.insert($0).inserted }
                }
            }
            try throwFailedRead()
            level = resolveModels(for: targets).map(\.storage).filter { !$0.isDeleted }
            reached += level
        }
        try throwFailedRead()
        return reached
    }
}
