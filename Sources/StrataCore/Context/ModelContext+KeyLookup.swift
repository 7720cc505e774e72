/// Fetches by identifier: `#Predicate { $0.persistentModelID == id }`, the usual server lookup,
/// answered by reading the row by key as `model(for:)` does, not by a planned query.
extension ModelContext {
    /// The identifier a fetch looks up when its predicate is only `$0.persistentModelID == id`
    /// (``IdentifierLookup``) for a saved model of this entity and store, and nothing else
    /// shapes the answer: no pending changes to merge, no offset, no zero limit, no partial or
    /// prefetching fetch, no class hierarchy. Its answer is the stored row or nothing (any sort
    /// orders one model the same way), so the context reads that row by key, as `model(for:)`
    /// loads a model, instead of asking the store to plan a query: the usual server lookup.
    func lookedUpIdentifier<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, entity: Schema.Entity, mergesPendingChanges: Bool) -> PersistentIdentifier? {
        guard !mergesPendingChanges, let predicate = descriptor.predicate, (descriptor.fetchOffset ?? 0) == 0, (descriptor.fetchLimit ?? 1) > 0,
              entity.superentity == nil, entity.subentities.isEmpty,
              !descriptor.namesKeyPaths,
              let identifier = IdentifierLookup.identifier(lookedUpBy: predicate),
              !identifier.isTemporary, identifier.entityName == entity.name, identifier.storeIdentifier == container.dataStore.identifier
        else { return nil }
        return identifier
    }

    /// The fetch of a looked-up identifier's model: the store's snapshot of its row, as the
    /// registered model refreshed or a new one, or no model when the store has no such row.
    /// - Throws: the store's typed error.
    func fetchLookedUp<T: PersistentModel>(_ identifier: PersistentIdentifier, entity: Schema.Entity) throws -> [T] {
        // The store's own snapshot type, so its answer is not converted to existentials.
        func read<Store: DataStore>(_ store: Store) throws -> [T] {
            models(lookedUp: try store.cachedSnapshots(for: [identifier], editingState: editingState)[identifier], entity: entity)
        }
        return try read(container.dataStore)
    }

    /// The `async` form of ``fetchLookedUp(_:entity:)``.
    /// - Throws: as ``fetchLookedUp(_:entity:)``.
    nonisolated(nonsending) func fetchLookedUp<T: PersistentModel>(_ identifier: PersistentIdentifier, entity: Schema.Entity) async throws -> [T] {
        nonisolated(nonsending) func read<Store: DataStore>(_ store: Store) async throws -> [T] {
            models(lookedUp: try await store.cachedSnapshots(for: [identifier], editingState: editingState)[identifier], entity: entity)
        }
        return try await read(container.dataStore)
    }

    private func models<T: PersistentModel, Snapshot: DataStoreSnapshot>(lookedUp snapshot: Snapshot?, entity: Schema.Entity) -> [T] {
        guard let snapshot, let model = register(snapshot, entity: entity) as? T else { return [] }
        return [model]
    }
}
