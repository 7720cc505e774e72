/// To-many relationships fault in: a fetched model carries none of their identifiers (from a
/// ``DataStoreRelationshipFaulting`` store), the first read loads them with one store call, and
/// inverse maintenance records changes to an unloaded one without reading it. What needs a
/// whole list loads it first: a save that writes the list itself (one not kept as the other
/// side's to-one), a delete whose rule cascades, a count bound.
extension ModelContext {
    /// The stored identifiers of relationship `name` of `storage`; `nil` when the read failed
    /// (the next save or fetch throws its error).
    func storedRelatedIdentifiers(of storage: AnyModelStorage, relationship name: String) -> [PersistentIdentifier]? {
        do {
            return try storedRelatedIdentifiersThrowing(of: storage, relationship: name)
        } catch {
            recordFailedRead(error)
            return nil
        }
    }

    private func storedRelatedIdentifiersThrowing(of storage: AnyModelStorage, relationship name: String) throws -> [PersistentIdentifier] {
        let owner = storage.identifier
        return try container.dataStore.storedRelatedIdentifiers(of: [owner], relationship: name, editingState: editingState)[owner] ?? []
    }

    /// Loads the unloaded to-many relationships a save of `changes` needs whole: those of updated
    /// models that this side writes (not kept as the inverse's to-one) and that changed while
    /// unloaded, those with a count bound, and those a deleted model's `.cascade` rule follows
    /// (so the context mirrors the cascade).
    /// - Throws: the store's error; nothing is saved then.
    func loadToManyNeededBySave(_ changes: SavedChanges) throws {
        for storage in changes.updated where storage.objects != nil || hasCountBounds(storage) {
            guard let entity = entity(of: storage) else { continue }
            for relationship in entity.relationships where !relationship.isToOneRelationship {
                guard let index = storage.layout.snapshotLayout.index(of: relationship.name), storage.isUnloadedToMany(at: index) else { continue }
                let needed = (storage.unloadedChanges(at: index) != nil && !isKeptByInverseToOne(relationship))
                    || (relationship.minimumModelCount ?? 0) > 0 || (relationship.maximumModelCount ?? 0) > 0
                if needed { try load(storage, at: index, relationship: relationship.name) }
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

    /// Whether a to-many relationship is stored as its inverse's to-one (a foreign key of the
    /// other side's rows): a change to it reaches the store through the other side.
    private func isKeptByInverseToOne(_ relationship: Schema.Relationship) -> Bool {
        guard let inverseName = relationship.inverseName else { return false }
        return container.schema.entitiesByName[relationship.destination]?.relationshipsByName[inverseName]?.isToOneRelationship ?? false
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
