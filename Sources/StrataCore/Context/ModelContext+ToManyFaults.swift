/// The models of one fetch (up to ``size`` of them, in fetch order) whose unloaded to-many
/// relationships load together: the first read of one model's relationship loads it for every
/// model of the batch that still lacks it, with one store call.
final class ToManyFaultBatch {
    /// How many models a batch holds at most.
    static let size = 100
    let identifiers: [PersistentIdentifier]

    init(_ identifiers: [PersistentIdentifier]) { self.identifiers = identifiers }
}

/// To-many relationships fault in: a fetched model carries none of their identifiers (from a
/// ``DataStoreRelationshipFaulting`` store), the first read loads them with one store call, and
/// inverse maintenance records changes to an unloaded one without reading it. What needs a
/// whole list loads it first: a delete whose rule cascades, a count bound.
extension ModelContext {
    /// The stored identifiers of relationship `name` of `storage`; `nil` when the read failed
    /// (the next save or fetch throws its error). The same relationship of the other models of
    /// its ``ToManyFaultBatch`` that still lack it loads with it, in the same store call.
    func storedRelatedIdentifiers(of storage: AnyModelStorage, relationship name: String) -> [PersistentIdentifier]? {
        do {
            guard let batch = storage.faultBatch else { return try storedRelatedIdentifiersThrowing(of: storage, relationship: name) }
            let others = batch.identifiers.compactMap { identifier -> (AnyModelStorage, Int)? in
                guard let other = registry[identifier]?.storage, other !== storage, other.faultBatch === batch,
                    let index = other.layout.snapshotLayout.index(of: name), other.isUnloadedToMany(at: index)
                else { return nil }
                return (other, index)
            }
            let owners = [storage.identifier] + others.map(\.0.identifier)
            let found = try container.dataStore.storedRelatedIdentifiers(of: owners, relationship: name, editingState: editingState)
            for (other, index) in others { other.takeLoaded(found[other.identifier] ?? [], at: index) }
            return found[storage.identifier] ?? []
        } catch {
            recordFailedRead(error)
            return nil
        }
    }

    /// Groups fetched models that have an unloaded to-many relationship into batches of
    /// ``ToManyFaultBatch/size`` in fetch order, so reading the relationship of each model in
    /// turn costs one store call per batch, not one per model, and reading one costs at most a
    /// batch's worth.
    func batchingToManyFaults<T: PersistentModel>(_ models: [T], entity: Schema.Entity) -> [T] {
        guard models.count > 1, entity.selfAndSubentities.contains(where: { $0.relationships.contains { !$0.isToOneRelationship } }) else { return models }
        var start = models.startIndex
        while start < models.endIndex {
            let end = min(start + ToManyFaultBatch.size, models.endIndex)
            let members = models[start..<end].map(\.storage).filter { storage in
                storage.layout.relationshipIndices.contains { storage.isUnloadedToMany(at: $0) }
            }
            if members.count > 1 {
                let batch = ToManyFaultBatch(members.map(\.identifier))
                for storage in members { storage.faultBatch = batch }
            }
            start = end
        }
        return models
    }

    private func storedRelatedIdentifiersThrowing(of storage: AnyModelStorage, relationship name: String) throws -> [PersistentIdentifier] {
        let owner = storage.identifier
        return try container.dataStore.storedRelatedIdentifiers(of: [owner], relationship: name, editingState: editingState)[owner] ?? []
    }

    /// Loads the unloaded to-many relationships a save of `changes` needs whole: those of updated
    /// models with a count bound, and those a deleted model's `.cascade` rule follows (so the
    /// context mirrors the cascade). A list changed while unloaded stays so: the save sends its
    /// changes, not the list (``linkChanges(of:)``).
    /// - Throws: the store's error; nothing is saved then.
    func loadToManyNeededBySave(_ changes: SavedChanges) throws {
        for storage in changes.updated where hasCountBounds(storage) {
            guard let entity = entity(of: storage) else { continue }
            for relationship in entity.relationships where !relationship.isToOneRelationship {
                guard let index = storage.layout.snapshotLayout.index(of: relationship.name), storage.isUnloadedToMany(at: index) else { continue }
                if (relationship.minimumModelCount ?? 0) > 0 || (relationship.maximumModelCount ?? 0) > 0 {
                    try load(storage, at: index, relationship: relationship.name)
                }
            }
        }
        for model in changes.deleted {
            let storage = model.storage
            guard let entity = entity(of: storage) else { continue }
            for relationship in entity.relationships where !relationship.isToOneRelationship && relationship.deleteRule == .cascade {
                guard let index = storage.layout.snapshotLayout.index(of: relationship.name), storage.isUnloadedToMany(at: index) else { continue }
                try load(storage, at: index, relationship: relationship.name)
            }
        }
    }

    private func load(_ storage: AnyModelStorage, at index: Int, relationship name: String) throws {
        storage.takeLoaded(try storedRelatedIdentifiersThrowing(of: storage, relationship: name), at: index)
    }

    private func hasCountBounds(_ storage: AnyModelStorage) -> Bool {
        entity(of: storage)?.relationships.contains { ($0.minimumModelCount ?? 0) > 0 || ($0.maximumModelCount ?? 0) > 0 } ?? false
    }
}

extension ModelOwner {
    /// The stored identifiers of relationship `name` of a model whose context is gone, read
    /// through the container's store; `nil` when the container is gone or the read fails.
    func storedRelatedIdentifiers(of storage: AnyModelStorage, relationship name: String) -> [PersistentIdentifier]? {
        guard context == nil, let store = container?.dataStore, !storage.identifier.isTemporary else { return nil }
        let state = EditingState()
        store.initializeState(for: state)
        defer { store.invalidateState(for: state) }
        return (try? store.storedRelatedIdentifiers(of: [storage.identifier], relationship: name, editingState: state))
            .map { $0[storage.identifier] ?? [] }
    }
}
