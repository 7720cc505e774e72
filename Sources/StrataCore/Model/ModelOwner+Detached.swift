extension ModelOwner {
    /// The stored value of attribute slot `index` of a fetched model whose context is gone and
    /// which holds none there (a partial fetch left it out), read through the container's store;
    /// the model's other empty attribute slots are filled from the same read (ephemeral ones,
    /// never stored, stay empty).
    ///
    /// `nil` when the context is alive (it loads such values itself), the container is gone too,
    /// the store no longer has the row, or the read fails: with no context left to report the
    /// error to, the property then reads its default (semantics rule 30).
    func storedValue(of storage: AnyModelStorage, at index: Int) -> PersistentValue? {
        let properties = storage.layout.properties
        guard context == nil, !properties[index].isEphemeral, let store = container?.dataStore, !storage.identifier.isTemporary else { return nil }
        guard let values = storedSnapshot(of: storage.identifier, layout: storage.layout, in: store)?.values else { return nil }
        for slot in values.indices
        where !storage.layout.isRelationship[slot] && !properties[slot].isEphemeral && storage.values[slot] == nil && storage.object(at: slot) == nil {
            storage.values[slot] = values[slot]
        }
        return storage.values[index]
    }

    /// The model a non-optional to-one relationship names, for a model whose context is gone
    /// (a to-one that may be nil reads nil then): loaded through the container's store, outside
    /// any context, a new object on each read. `nil` when the container is gone too or the store
    /// cannot read the row.
    func storedModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        guard context == nil, let container, let entity = container.schema.entitiesByName[identifier.entityName] else { return nil }
        guard let snapshot = storedSnapshot(of: identifier, layout: entity.layout, in: container.dataStore) else { return nil }
        // The graph lives for this call; its models keep reading through the container.
        let graph = ModelGraph(container: container) { related in
            guard let entity = container.schema.entitiesByName[related.entityName] else { return nil }
            return self.storedSnapshot(of: related, layout: entity.layout, in: container.dataStore)
        }
        func make<T: PersistentModel>(_ type: T.Type) -> any PersistentModel { graph.model(type, for: snapshot) }
        return make(entity.modelType)
    }

    /// The stored row `identifier` names, as a snapshot of `layout`; `nil` when the store does
    /// not have it or cannot read it.
    private func storedSnapshot(of identifier: PersistentIdentifier, layout: EntityLayout, in store: any DataStore) -> DefaultSnapshot? {
        let state = EditingState()
        store.initializeState(for: state)
        defer { store.invalidateState(for: state) }
        guard let snapshot = try? store.cachedSnapshots(for: [identifier], editingState: state)[identifier] else { return nil }
        return DefaultSnapshot(persistentIdentifier: identifier, layout: layout.snapshotLayout, values: ModelContext.values(of: snapshot, layout: layout))
    }
}
