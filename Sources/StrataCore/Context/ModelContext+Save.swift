extension ModelContext {
    /// Writes every pending insert, change and delete in one store transaction.
    ///
    /// Posts ``willSave`` first: what its observers insert, change or delete is part of this
    /// save. Posts ``didSave`` with the saved identifiers once the store has written them.
    ///
    /// On failure nothing is written and every pending change stays in the context, so the
    /// caller can fix the cause and save again.
    /// - Throws: ``SwiftDataError`` for a refused insert, an unencodable value, a `.deny`
    ///   delete rule or a to-many relationship outside its `minimumModelCount`/`maximumModelCount`
    ///   (``SwiftDataError/constraintViolation``); the error of a store read that failed since the
    ///   last save or fetch (a relationship loading its models), once, writing nothing; otherwise
    ///   the store's typed error.
    public func save() throws {
        if let refused = refusedInsert {
            refusedInsert = nil
            throw refused
        }
        try throwFailedRead()
        guard hasChanges else { return }
        // Posted first, so what an observer changes is part of this save.
        post(Self.willSave, inserted: [], updated: [], deleted: [])
        let inserted = pendingInserts
        let updated = pendingChanges.filter { !$0.isDeleted && !$0.isInserted }
        let deleted = pendingDeletes
        try loadUnfetched(of: updated)
        try validateRelationshipCounts(inserted: inserted, updated: updated, deleted: deleted)
        let (remapped, permanent, reregister) = try write(to: container.dataStore, inserted: inserted, updated: updated, deleted: deleted)
        adoptPermanentIdentifiers(remapped, byPosition: permanent, for: inserted)
        for (identifier, values) in reregister {
            guard let storage = registry[identifier]?.storage, storage.preparedValues != values else { continue }
            storage.reload(values)
        }
        for entry in inserted { entry.storage.commit() }
        for storage in updated { storage.commit() }
        let deletedIdentifiers = deleted.map(\.storage.identifier)
        forgetDeleted(deletedIdentifiers)
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        undoLog = []
        // Re-keyed by position, the inserted models now have exactly the store's list.
        post(Self.didSave, inserted: permanent ?? inserted.map(\.storage.identifier), updated: updated.map(\.identifier), deleted: deletedIdentifiers)
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
        for entry in pendingInserts {
            let storage = entry.storage
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

    /// Sends the changes to the store as its own snapshot type: the inserted models, then the
    /// backing data of the updated ones, encoded as the snapshots are made.
    func write<Store: DataStore>(
        to store: Store, inserted: [PendingInsert], updated: [AnyModelStorage], deleted: [any PersistentModel]
    ) throws -> (
        remapped: () -> [PersistentIdentifier: PersistentIdentifier], insertedIdentifiers: [PersistentIdentifier]?,
        reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>]
    ) {
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = { (backingData: any BackingData) -> Store.Snapshot in
            Store.Snapshot(from: backingData, relatedBackingDatas: &related)
        }
        // Two arrays made directly, not one split after: a split copies (retains) every snapshot.
        // (`storage(i)` is the backing data of the `i`th of `count` models: a closure, not a generic
        // collection, so this stays specialized.)
        func snapshots(count: Int, _ storage: (Int) -> AnyModelStorage) throws -> [Store.Snapshot] {
            guard Store.Snapshot.self == DefaultSnapshot.self else {
                // Other snapshot types read values through `persistentValue(forProperty:)`, which
                // cannot throw: encode first, so an unencodable value fails the save here.
                for index in 0..<count { _ = try storage(index).encodedValues() }
                return (0..<count).map { snapshot(storage($0) as! any BackingData) }
            }
            // Strata's own snapshot type, straight from the storage: no existential casts per
            // model, and the array cast once (casting each snapshot copies it: two retains).
            return unsafeBitCast(try (0..<count).map { try DefaultSnapshot(encoding: storage($0)) }, to: [Store.Snapshot].self)
        }
        let request = DataStoreSaveChangesRequest(
            inserted: try snapshots(count: inserted.count) { inserted[$0].storage },
            updated: try snapshots(count: updated.count) { updated[$0] },
            deleted: deleted.map { snapshot($0.anyBackingData) }, editingState: editingState)
        let result = try store.save(request)
        var reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>] = [:]
        for (identifier, stored) in result.snapshotsToReregister {
            guard let entity = container.schema.entitiesByName[identifier.entityName] else { continue }
            reregister[identifier] = Self.values(of: stored, layout: entity.layout)
        }
        let permanent = result.insertedIdentifiers?.count == inserted.count ? result.insertedIdentifiers : nil
        return ({ result.remappedIdentifiers }, permanent, reregister)
    }

    /// Re-keys inserted models under the identifiers the store minted: by position when the
    /// store listed them in insert order (`byPosition`), else by looking each one up in the map
    /// `remapped` returns (which a store may build only when asked).
    private func adoptPermanentIdentifiers(
        _ remapped: () -> [PersistentIdentifier: PersistentIdentifier], byPosition: [PersistentIdentifier]?,
        for inserted: [PendingInsert]
    ) {
        assert(byPosition.map { listed in
            let map = remapped()
            return zip(inserted, listed).allSatisfy { map[$0.storage.identifier] == $1 }
        } ?? true, "the store listed permanent identifiers out of insert order")
        let map = byPosition == nil ? remapped() : [:]
        guard let first = byPosition?.first ?? map.first?.value else { return }
        registry.reserveCapacity(adding: byPosition?.count ?? map.count, like: first)
        for (offset, entry) in inserted.enumerated() {
            let storage = entry.storage
            let temporary = storage.identifier
            guard let permanent = byPosition?[offset] ?? map[temporary] else { continue }
            storage.identifier = permanent
            if let previous = registry.rekey(from: temporary, to: permanent), previous !== entry.model {
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
