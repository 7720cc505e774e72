extension ModelContext {
    /// Writes every pending insert, change and delete in one store transaction.
    ///
    /// On failure nothing is written and every pending change stays in the context, so the
    /// caller can fix the cause and save again.
    /// - Throws: ``SwiftDataError`` for a refused insert, an unencodable value or a `.deny`
    ///   delete rule; otherwise the store's typed error.
    public func save() throws {
        if let refused = refusedInsert {
            refusedInsert = nil
            throw refused
        }
        guard hasChanges else { return }
        let inserted = pendingInserts
        let updated = pendingChanges.filter { !$0.storage.isDeleted && !$0.storage.isInserted }
        let deleted = pendingDeletes
        for model in inserted + updated {
            _ = try model.storage.encodedValues()
        }
        post(Self.willSave, inserted: [], updated: [], deleted: [])
        let (remapped, reregister) = try write(to: container.dataStore, inserted: inserted, updated: updated, deleted: deleted)
        adoptPermanentIdentifiers(remapped, for: inserted)
        for (identifier, values) in reregister {
            guard let storage = registry[identifier]?.storage, storage.preparedValues != values else { continue }
            storage.reload(values)
        }
        for model in inserted + updated { model.storage.commit() }
        forgetDeleted(deleted.map(\.storage.identifier))
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        post(Self.didSave, inserted: inserted.map(\.storage.identifier), updated: updated.map(\.storage.identifier), deleted: deleted.map(\.storage.identifier))
    }

    /// Runs `block`, then saves. When `block` throws, nothing is saved and its changes stay
    /// pending (call ``rollback()`` to discard them).
    /// - Throws: what `block` or ``save()`` throws.
    public func transaction(block: () throws -> Void) throws {
        try block()
        try save()
    }

    /// Discards every pending change: inserted models leave the context, changed models get
    /// their saved values back, deleted models are kept.
    public func rollback() {
        for model in pendingInserts {
            let storage = model.storage
            registry[storage.identifier] = nil
            storage.isInserted = false
            detach(storage)
        }
        for model in pendingChanges {
            let storage = model.storage
            if let committed = storage.committedSlots { storage.slots = committed }
            storage.commit()
        }
        for model in pendingDeletes { model.storage.isDeleted = false }
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        refusedInsert = nil
    }

    /// Sends the changes to the store as its own snapshot type.
    func write<Store: DataStore>(
        to store: Store, inserted: [any PersistentModel], updated: [any PersistentModel], deleted: [any PersistentModel]
    ) throws -> (remapped: [PersistentIdentifier: PersistentIdentifier], reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>]) {
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = { (model: any PersistentModel) -> Store.Snapshot in
            Store.Snapshot(from: model.anyBackingData, relatedBackingDatas: &related)
        }
        let request = DataStoreSaveChangesRequest(
            inserted: inserted.map(snapshot), updated: updated.map(snapshot), deleted: deleted.map(snapshot), editingState: editingState)
        let result = try store.save(request)
        var reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>] = [:]
        for (identifier, stored) in result.snapshotsToReregister {
            guard let entity = container.schema.entitiesByName[identifier.entityName] else { continue }
            reregister[identifier] = Self.values(of: stored, layout: entity.layout)
        }
        return (result.remappedIdentifiers, reregister)
    }

    /// Re-keys inserted models under the identifiers the store minted.
    private func adoptPermanentIdentifiers(_ remapped: [PersistentIdentifier: PersistentIdentifier], for inserted: [any PersistentModel]) {
        guard !remapped.isEmpty else { return }
        registry.reserveCapacity(registry.count + remapped.count)
        for model in inserted {
            let storage = model.storage
            guard let permanent = remapped[storage.identifier] else { continue }
            registry[storage.identifier] = nil
            if let previous = registry[permanent], previous !== model {
                // A unique upsert landed on a row this context already had: the newer object wins.
                detach(previous.storage)
            }
            storage.identifier = permanent
            registry[permanent] = model
        }
        for model in registry.values where !model.storage.layout.relationshipIndices.isEmpty {
            model.storage.remapRelationships(remapped)
        }
    }

    func detach(_ storage: AnyModelStorage) {
        storage.context = nil
        storage.resolver = nil
    }
}
