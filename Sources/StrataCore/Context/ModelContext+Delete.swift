import Foundation

extension ModelContext {
    /// Marks a model for deletion at the next ``save()``; an unsaved insert is simply dropped.
    ///
    /// The store applies each relationship's delete rule when it saves; the context mirrors
    /// the result on the models it holds.
    public func delete<T: PersistentModel>(_ model: T) {
        let storage = model.storage
        guard storage.owner === owner, !storage.isDeleted else { return }
        storage.isDeleted = true
        if storage.isInserted {
            pendingInserts.removeAll { $0.storage === storage }
            registry[storage.identifier] = nil
            forget([storage.identifier])
            storage.isInserted = false
            detach(storage)
        } else {
            pendingDeletes.append(model)
        }
    }

    /// Deletes every stored model of `model` (and of its `@Model` subclasses, unless
    /// `includeSubclasses` is false) matching `predicate`, right away, in its own store
    /// transaction (SwiftData defers this to the next save; see docs/semantics.md).
    ///
    /// Batching stores delete in one statement; others, or a predicate the store cannot
    /// translate, delete the matching models by identifier. Delete rules apply either way.
    /// - Throws: the store's typed error; nothing is deleted then.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        try instrumented(.delete, entity: Schema.entityName(for: T.self)) {
            var descriptor = FetchDescriptor<T>(predicate: predicate)
            descriptor.includePendingChanges = false
            let entityName = Schema.entityName(for: T.self)
            let read = batchDeleteReadsTombstones(T.self) ? try fetch(descriptor).filter { includeSubclasses || $0.storage.identifier.entityName == entityName } : nil
            let doomed = try read?.map(\.persistentModelID) ?? fetchIdentifiers(descriptor).filter { includeSubclasses || $0.entityName == entityName }
            let tombstones = read.map { self.tombstones(of: $0) } ?? []
            try batchDelete(from: container.dataStore, matching: DataStoreBatchDeleteRequest(
                predicate: predicate, includeSubclasses: includeSubclasses, editingState: editingState,
                history: historyDraft(deleting: doomed, tombstones: tombstones)), identifiers: doomed)
            didBatchDelete(doomed)
        }
    }

    private func batchDelete<Store: DataStore, T: PersistentModel>(from store: Store, matching request: DataStoreBatchDeleteRequest<T>, identifiers: [PersistentIdentifier]) throws {
        if let batching = store as? any DataStoreBatching {
            do {
                return try batching.delete(request)
            } catch DataStoreError.preferInMemoryFilter {
                warnRefused(.predicate, of: FetchDescriptor(predicate: request.predicate), during: "delete(model:where:)")
            }
        }
        guard !identifiers.isEmpty else { return }
        _ = try write(to: store, SavedChanges(inserted: [], updated: [], deleted: try loadModels(identifiers)))
    }

    /// Mirrors saved deletions on registered models: cascades follow, references are dropped.
    func forgetDeleted(_ identifiers: [PersistentIdentifier]) {
        guard !identifiers.isEmpty else { return }
        let doomed = cascadeClosure(of: identifiers)
        for identifier in doomed {
            guard let model = registry.removeValue(forKey: identifier) else { continue }
            model.storage.isDeleted = true
            model.storage.commit()
            detach(model.storage)
        }
        pendingInserts.removeAll { doomed.contains($0.storage.identifier) }
        pendingChanges.removeAll { doomed.contains($0.identifier) }
        pendingDeletes.removeAll { doomed.contains($0.storage.identifier) }
        if !unfetched.isEmpty { unfetched = unfetched.filter { !doomed.contains($0.key) } }
        forget(doomed)
    }

    /// Drops references to `identifiers` from every registered model's relationships.
    func forget(_ identifiers: Set<PersistentIdentifier>) {
        for model in registry.models where !model.storage.layout.relationshipIndices.isEmpty {
            model.storage.forget(identifiers)
        }
    }

    /// The deleted identifiers plus every registered model a `.cascade` rule reaches from them
    /// (through what the context knows: a save loaded its deleted models' cascading lists first).
    private func cascadeClosure(of identifiers: [PersistentIdentifier]) -> Set<PersistentIdentifier> {
        var doomed = Set(identifiers)
        var queue = identifiers
        var referrers: [PersistentIdentifier: [(source: PersistentIdentifier, property: String)]]?
        while let identifier = queue.popLast() {
            guard let entity = container.schema.entitiesByName[identifier.entityName] else { continue }
            for relationship in entity.relationships where relationship.deleteRule == .cascade {
                var targets = registry[identifier].map { storage in
                    storage.storage.knownRelatedIdentifiers(at: storage.storage.layout.snapshotLayout.index(of: relationship.name)!)
                } ?? []
                if let inverse = relationship.inverseName {
                    if referrers == nil { referrers = registeredReferrers() }
                    targets += referrers![identifier, default: []].filter { $0.property == inverse }.map(\.source)
                }
                for target in targets where doomed.insert(target).inserted { queue.append(target) }
            }
        }
        return doomed
    }

    /// For every identifier, the registered models whose relationships point at it.
    private func registeredReferrers() -> [PersistentIdentifier: [(source: PersistentIdentifier, property: String)]] {
        var referrers: [PersistentIdentifier: [(source: PersistentIdentifier, property: String)]] = [:]
        for model in registry.models {
            let storage = model.storage
            let source = storage.identifier
            for index in storage.layout.relationshipIndices {
                for target in storage.knownRelatedIdentifiers(at: index) {
                    referrers[target, default: []].append((source, storage.layout.properties[index].name))
                }
            }
        }
        return referrers
    }
}

extension ModelContext {
    /// Mirrors a committed batch delete on registered models and tells the change feed. The
    /// rows a delete rule cascaded to are not known here, so the feed is told that anything of
    /// the schema may have changed when a relationship could cascade.
    func didBatchDelete(_ doomed: [PersistentIdentifier]) {
        forgetDeleted(doomed)
        guard !doomed.isEmpty else { return }
        let cascades = container.schema.entities.contains { $0.relationships.contains { $0.deleteRule == .cascade } }
        container.changeFeed.publish(cascades
            ? ModelChanges(inserted: [], updated: [], deleted: doomed, token: nil, author: author, savingContext: editingState.id, invalidatesAll: true)
            : ModelChanges(inserted: [], updated: [], deleted: doomed, token: nil, author: author, savingContext: editingState.id))
    }
}
