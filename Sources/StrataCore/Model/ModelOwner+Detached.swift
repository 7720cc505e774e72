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
        guard let values = try? storedSnapshots(of: [storage.identifier], in: store)[storage.identifier]?.values else { return nil }
        for slot in values.indices
        where !storage.layout.isRelationship[slot] && !properties[slot].isEphemeral && storage.values[slot] == nil && storage.object(at: slot) == nil {
            storage.values[slot] = values[slot]
        }
        return storage.values[index]
    }

    /// The models a relationship of a model whose context is gone names, loaded through the
    /// container's store, outside any context: new objects on each read, which keep reading
    /// through the container themselves. Rows the store no longer has are left out.
    /// - Throws: ``DetachedReadError`` when the container is gone too or a related model was
    ///   never saved (nothing can read it); the store's error when its read fails.
    func storedModels(for identifiers: [PersistentIdentifier]) throws -> [any PersistentModel] {
        guard let container else { throw DetachedReadError.containerGone }
        if let unsaved = identifiers.first(where: \.isTemporary) { throw DetachedReadError.unsaved(unsaved) }
        let snapshots = try storedSnapshots(of: identifiers, in: container.dataStore)
        // The graph lives for this call; its models keep reading through the container.
        let graph = ModelGraph(container: container) { related in
            (try? self.storedSnapshots(of: [related], in: container.dataStore))?[related]
        }
        return identifiers.compactMap { identifier in
            guard let snapshot = snapshots[identifier], let entity = container.schema.entitiesByName[identifier.entityName] else { return nil }
            func make<T: PersistentModel>(_ type: T.Type) -> any PersistentModel { graph.model(type, for: snapshot) }
            return make(entity.modelType)
        }
    }

    /// The stored rows `identifiers` name, as snapshots of their entities' layouts (rows the
    /// store does not have are absent).
    /// - Throws: the store's error.
    private func storedSnapshots(of identifiers: [PersistentIdentifier], in store: any DataStore) throws -> [PersistentIdentifier: DefaultSnapshot] {
        guard let schema = container?.schema else { return [:] }
        let state = EditingState()
        store.initializeState(for: state)
        defer { store.invalidateState(for: state) }
        var snapshots: [PersistentIdentifier: DefaultSnapshot] = [:]
        for (identifier, snapshot) in try store.cachedSnapshots(for: identifiers, editingState: state) {
            guard let layout = schema.entitiesByName[identifier.entityName]?.layout else { continue }
            snapshots[identifier] = DefaultSnapshot(
                persistentIdentifier: identifier, layout: layout.snapshotLayout, values: ModelContext.values(of: snapshot, layout: layout))
        }
        return snapshots
    }
}

/// Why a relationship of a model whose context is gone cannot be read.
enum DetachedReadError: Error, CustomStringConvertible {
    /// The model's container is gone too: no store is left to read.
    case containerGone
    /// The relationship names a model that was never saved; only its context held it.
    case unsaved(PersistentIdentifier)

    var description: String {
        switch self {
        case .containerGone: "its ModelContainer is gone too, so no store is left to read the related models from"
        case .unsaved(let identifier): "it names \(identifier), which was never saved and lived only in that context"
        }
    }
}
