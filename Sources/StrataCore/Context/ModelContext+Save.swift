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
        // Each model's storage, looked up once: the look-up casts an existential.
        let saved = inserted.map(\.storage) + pendingChanges.filter { !$0.isDeleted && !$0.isInserted }
        let deleted = pendingDeletes
        for storage in saved {
            _ = try storage.encodedValues()
        }
        post(Self.willSave, inserted: [], updated: [], deleted: [])
        let (remapped, permanent, reregister) = try write(to: container.dataStore, saving: saved, insertedCount: inserted.count, deleted: deleted)
        adoptPermanentIdentifiers(remapped, byPosition: permanent, for: inserted, storages: saved[..<inserted.count])
        for (identifier, values) in reregister {
            guard let storage = registry[identifier]?.storage, storage.preparedValues != values else { continue }
            storage.reload(values)
        }
        for storage in saved { storage.commit() }
        let deletedIdentifiers = deleted.map(\.storage.identifier)
        forgetDeleted(deletedIdentifiers)
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        undoLog = []
        // Re-keyed by position, the inserted models now have exactly the store's list.
        post(Self.didSave, inserted: permanent ?? saved[..<inserted.count].map(\.identifier), updated: saved[inserted.count...].map(\.identifier), deleted: deletedIdentifiers)
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
        for entry in undoLog.reversed() {
            entry.storage.values[entry.slot] = entry.value
            entry.storage.setObject(entry.object, at: entry.slot)
        }
        undoLog = []
        for storage in pendingChanges { storage.commit() }
        for model in pendingDeletes { model.storage.isDeleted = false }
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        refusedInsert = nil
    }

    /// Sends the changes to the store as its own snapshot type: `saving` holds the backing data
    /// of the inserted models (the first `insertedCount`), then of the updated ones, all encoded.
    func write<Store: DataStore>(
        to store: Store, saving: [AnyModelStorage], insertedCount: Int, deleted: [any PersistentModel]
    ) throws -> (
        remapped: () -> [PersistentIdentifier: PersistentIdentifier], insertedIdentifiers: [PersistentIdentifier]?,
        reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>]
    ) {
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = { (backingData: any BackingData) -> Store.Snapshot in
            Store.Snapshot(from: backingData, relatedBackingDatas: &related)
        }
        // Two arrays made directly, not one split after: a split copies (retains) every snapshot.
        func snapshots(_ storages: ArraySlice<AnyModelStorage>) throws -> [Store.Snapshot] {
            Store.Snapshot.self == DefaultSnapshot.self
                // Strata's own snapshot type, straight from the storage: no existential casts per
                // model, and the array cast once (casting each snapshot copies it: two retains).
                ? unsafeBitCast(try storages.map { try DefaultSnapshot(encoding: $0) }, to: [Store.Snapshot].self)
                : storages.map { snapshot($0 as! any BackingData) }
        }
        let request = DataStoreSaveChangesRequest(
            inserted: try snapshots(saving[..<insertedCount]), updated: try snapshots(saving[insertedCount...]),
            deleted: deleted.map { snapshot($0.anyBackingData) }, editingState: editingState)
        let result = try store.save(request)
        var reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>] = [:]
        for (identifier, stored) in result.snapshotsToReregister {
            guard let entity = container.schema.entitiesByName[identifier.entityName] else { continue }
            reregister[identifier] = Self.values(of: stored, layout: entity.layout)
        }
        let inserted = result.insertedIdentifiers?.count == insertedCount ? result.insertedIdentifiers : nil
        return ({ result.remappedIdentifiers }, inserted, reregister)
    }

    /// Re-keys inserted models under the identifiers the store minted: by position when the
    /// store listed them in insert order (`byPosition`), else by looking each one up in the map
    /// `remapped` returns (which a store may build only when asked).
    private func adoptPermanentIdentifiers(
        _ remapped: () -> [PersistentIdentifier: PersistentIdentifier], byPosition: [PersistentIdentifier]?,
        for inserted: [any PersistentModel], storages: ArraySlice<AnyModelStorage>
    ) {
        assert(byPosition.map { listed in
            let map = remapped()
            return zip(storages, listed).allSatisfy { map[$0.identifier] == $1 }
        } ?? true, "the store listed permanent identifiers out of insert order")
        let map = byPosition == nil ? remapped() : [:]
        guard let first = byPosition?.first ?? map.first?.value else { return }
        registry.reserveCapacity(adding: byPosition?.count ?? map.count, like: first)
        for (offset, storage) in storages.enumerated() {
            let temporary = storage.identifier
            guard let permanent = byPosition?[offset] ?? map[temporary] else { continue }
            storage.identifier = permanent
            if let previous = registry.rekey(from: temporary, to: permanent), previous !== inserted[offset] {
                // A unique upsert landed on a row this context already had: the newer object wins.
                detach(previous.storage)
            }
        }
        // Only models with relationships can refer to a temporary identifier.
        guard container.schema.entities.contains(where: { !$0.layout.relationshipIndices.isEmpty }) else { return }
        let all = byPosition == nil ? map : remapped()
        for model in registry.models {
            let storage = model.storage
            if !storage.layout.relationshipIndices.isEmpty { storage.remapRelationships(all) }
        }
    }

    func detach(_ storage: AnyModelStorage) {
        storage.owner = nil
    }
}
