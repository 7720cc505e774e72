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
        guard let changes = try changesToSave() else { return }
        try instrumented(.save, entity: nil) { didSave(changes, try write(to: container.dataStore, changes)) }
    }

    /// The changes a save writes, after posting ``willSave`` (what its observers change is part
    /// of the save) and checking them; `nil` when there is nothing to save.
    /// - Throws: as ``save()``, before anything is written.
    func changesToSave() throws -> SavedChanges? {
        if let refused = refusedInsert {
            refusedInsert = nil
            throw refused
        }
        try checkInitializedModelsInserted()
        try throwFailedRead()
        guard hasChanges else { return nil }
        post(
            Self.willSave, inserted: pendingInserts.map(\.storage.identifier), updated: pendingChanges.filter { !$0.isDeleted }.map(\.identifier),
            deleted: pendingDeletes.map(\.persistentModelID))
        var changes = SavedChanges(
            inserted: pendingInserts, updated: pendingChanges.filter { !$0.isDeleted && !$0.isInserted }, deleted: pendingDeletes)
        try loadUnfetched(of: changes.updated)
        try loadToManyNeededBySave(changes)
        try validateRelationshipCounts(inserted: changes.inserted, updated: changes.updated, deleted: changes.deleted)
        changes.linkChanges = linkChanges(of: changes.updated)
        return changes
    }

    /// Takes the store's answer to a save into the context: permanent identifiers, stored
    /// values, committed changes; then posts ``didSave``.
    func didSave(_ changes: SavedChanges, _ outcome: SaveOutcome) {
        let inserted = changes.inserted, updated = changes.updated, deleted = changes.deleted
        adoptPermanentIdentifiers(outcome.remapped, byPosition: outcome.insertedIdentifiers, for: inserted)
        for (identifier, values) in outcome.reregister {
            guard let storage = registry[identifier]?.storage, storage.preparedValues != values else { continue }
            storage.reload(values)
        }
        for entry in inserted { entry.storage.commit() }
        for storage in updated {
            storage.commit()
            storage.forgetUnloadedChanges()
        }
        refaultChangedLinks(changes.linkChanges, of: updated)
        loadedLists = [:]
        newOnlyInserts = []
        let deletedIdentifiers = deleted.map(\.storage.identifier)
        forgetDeleted(deletedIdentifiers)
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        undoLog = []
        // Re-keyed by position, the inserted models now have exactly the store's list.
        let committed = ModelChanges(
            inserted: outcome.insertedIdentifiers ?? inserted.map(\.storage.identifier), updated: updated.map(\.identifier),
            deleted: deletedIdentifiers, token: outcome.historyToken, author: author, savingContext: editingState.id)
        post(Self.didSave, inserted: committed.inserted, updated: committed.updated, deleted: committed.deleted, token: committed.token)
        container.changeFeed.publish(committed)
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
        loadedLists = [:]
        newOnlyInserts = []
        for storage in pendingChanges { storage.commit() }
        for model in pendingDeletes { model.storage.isDeleted = false }
        pendingInserts = []
        pendingChanges = []
        pendingDeletes = []
        refusedInsert = nil
        initializedUninserted = []
    }

    /// Sends the changes to the store as its own snapshot type, in one store transaction.
    /// - Throws: the store's typed error, or an unencodable value's; nothing is written then.
    func write<Store: DataStore>(to store: Store, _ changes: SavedChanges) throws -> SaveOutcome {
        outcome(of: try store.save(saveRequest(for: Store.self, changes)), inserted: changes.inserted.count)
    }

    /// The store's request for `changes`: the inserted models, then the backing data of the
    /// updated ones, encoded as the snapshots are made.
    /// - Throws: ``SwiftDataError`` for a value that cannot be encoded.
    func saveRequest<Store: DataStore>(for _: Store.Type, _ changes: SavedChanges) throws -> DataStoreSaveChangesRequest<Store.Snapshot> {
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
        let inserted = changes.inserted, updated = changes.updated
        return DataStoreSaveChangesRequest(
            inserted: try snapshots(count: inserted.count) { inserted[$0].storage },
            updated: try snapshots(count: updated.count) { updated[$0] },
            deleted: changes.deleted.map { snapshot($0.anyBackingData) }, editingState: editingState, history: historyDraft(of: changes),
            linkChanges: changes.linkChanges, newInserts: newOnlyIdentifiers(in: inserted))
    }

    /// What the context takes from the store's answer to a save of `inserted` inserts.
    func outcome<Snapshot: DataStoreSnapshot>(of result: DataStoreSaveChangesResult<Snapshot>, inserted: Int) -> SaveOutcome {
        var reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>] = [:]
        for (identifier, stored) in result.snapshotsToReregister {
            guard let entity = container.schema.entitiesByName[identifier.entityName] else { continue }
            reregister[identifier] = Self.values(of: stored, layout: entity.layout)
        }
        let permanent = result.insertedIdentifiers?.count == inserted ? result.insertedIdentifiers : nil
        return SaveOutcome(
            remapped: { result.remappedIdentifiers }, insertedIdentifiers: permanent, reregister: reregister, historyToken: result.historyToken)
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

/// The changes one save writes.
struct SavedChanges {
    let inserted: [PendingInsert]
    let updated: [AnyModelStorage]
    let deleted: [any PersistentModel]
    /// The links each updated model's to-many relationships gained and lost (``ModelContext/linkChanges(of:)``).
    var linkChanges: [PersistentIdentifier: [String: LinkChanges]] = [:]
}

/// What a context takes from the store's answer to a save.
struct SaveOutcome {
    /// The temporary→permanent map, which a store may build only when asked.
    let remapped: () -> [PersistentIdentifier: PersistentIdentifier]
    /// The permanent identifiers in insert order, when the store listed them.
    let insertedIdentifiers: [PersistentIdentifier]?
    /// Stored values the context's models take over.
    let reregister: [PersistentIdentifier: ContiguousArray<PersistentValue?>]
    /// Where the store recorded the save in its history.
    let historyToken: DefaultHistoryToken?
}
