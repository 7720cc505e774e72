/// The suspending forms of the context's store calls, behind ``ModelContext/async``
/// (``AsyncModelContext``). They answer exactly as the synchronous forms; the store's round trips
/// suspend the calling task instead of holding a thread of Swift's cooperative pool (on a store
/// that overrides the `async` ``DataStore`` calls, as the PostgreSQL store does).
///
/// They run on the caller's executor (`nonisolated(nonsending)`), so the context stays in the
/// caller's isolation. While one awaits the store, do not use the same context from another job
/// of the same actor: the call assumes the context it started with (docs/server.md).
extension ModelContext {
    /// The models matching `descriptor`; see ``fetch(_:)``.
    nonisolated(nonsending) func suspendingFetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [T] {
        await mergeCommittedChanges()
        return try await instrumented(.fetch, entity: Schema.entityName(for: T.self), rows: { $0.count }) {
            let route = try route(descriptor)
            if let identifier = route.lookedUpIdentifier {
                return try await fetchLookedUp(identifier, entity: route.entity)
            }
            return route.finish(try await storeFetch(route.storeDescriptor, entity: route.entity, during: "fetch"), of: self)
        }
    }

    /// How many models ``suspendingFetch(_:)`` would return.
    nonisolated(nonsending) func suspendingFetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> Int {
        await mergeCommittedChanges()
        return try await instrumented(.fetchCount, entity: Schema.entityName(for: T.self)) {
            guard let request = try storeRequest(descriptor, for: .fetchCount) else { return try await suspendingFetch(descriptor).count }
            do {
                return try await container.dataStore.fetchCount(request)
            } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
                return try await storeFetch(descriptor, entity: entity(for: T.self), during: "fetchCount").count
            }
        }
    }

    /// The identifiers of the models ``suspendingFetch(_:)`` would return, in the same order.
    nonisolated(nonsending) func suspendingFetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [PersistentIdentifier] {
        await mergeCommittedChanges()
        return try await instrumented(.fetchIdentifiers, entity: Schema.entityName(for: T.self), rows: { $0.count }) {
            guard let request = try storeRequest(descriptor, for: .fetchIdentifiers) else { return try await suspendingFetch(descriptor).map(\.persistentModelID) }
            do {
                return try await container.dataStore.fetchIdentifiers(request)
            } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
                return try await storeFetch(descriptor, entity: entity(for: T.self), during: "fetchIdentifiers").map(\.persistentModelID)
            }
        }
    }

    /// Writes every pending change in one store transaction; see ``save()``.
    nonisolated(nonsending) func suspendingSave() async throws {
        await mergeCommittedChanges()
        guard let changes = try changesToSave() else { return }
        try await instrumented(.save, entity: nil) { didSave(changes, try await write(to: container.dataStore, changes)) }
    }

    /// Deletes every stored model of `model` matching `predicate`, right away; see
    /// ``delete(model:where:includeSubclasses:)``.
    nonisolated(nonsending) func suspendingDelete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) async throws {
        try await instrumented(.delete, entity: Schema.entityName(for: T.self)) {
            var descriptor = FetchDescriptor<T>(predicate: predicate)
            descriptor.includePendingChanges = false
            let entityName = Schema.entityName(for: T.self)
            let read = batchDeleteReadsTombstones(T.self) ? try await suspendingFetch(descriptor).filter { includeSubclasses || $0.storage.identifier.entityName == entityName } : nil
            var doomed = read?.map(\.persistentModelID) ?? []
            if read == nil { doomed = try await suspendingFetchIdentifiers(descriptor).filter { includeSubclasses || $0.entityName == entityName } }
            let request = DataStoreBatchDeleteRequest(
                predicate: predicate, includeSubclasses: includeSubclasses, editingState: editingState,
                history: historyDraft(deleting: doomed, tombstones: read.map { tombstones(of: $0) } ?? []))
            try await batchDelete(from: container.dataStore, matching: request, identifiers: doomed)
            didBatchDelete(doomed)
        }
    }

    nonisolated(nonsending) private func batchDelete<Store: DataStore, T: PersistentModel>(
        from store: Store, matching request: DataStoreBatchDeleteRequest<T>, identifiers: [PersistentIdentifier]
    ) async throws {
        if let batching = store as? any DataStoreBatching {
            do {
                return try await batching.delete(request)
            } catch DataStoreError.preferInMemoryFilter {
                warnRefused(.predicate, of: FetchDescriptor(predicate: request.predicate), during: "delete(model:where:)")
            }
        }
        guard !identifiers.isEmpty else { return }
        _ = try await write(to: store, SavedChanges(inserted: [], updated: [], deleted: try await loadModels(identifiers)))
    }

    nonisolated(nonsending) private func storeFetch<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, entity: Schema.Entity, during operation: String
    ) async throws -> [T] {
        var attempts = StoreFetchAttempts(descriptor, during: operation)
        while true {
            do {
                let matching = attempts.evaluate(try await fetchOnce(from: container.dataStore, attempts.request(in: self), entity: entity))
                _ = try await loadModels(prefetchTargets(descriptor, for: matching, entity: entity))
                return matching
            } catch {
                try attempts.retry(after: error, in: self)
            }
        }
    }

    nonisolated(nonsending) private func fetchOnce<Store: DataStore, T: PersistentModel>(
        from store: Store, _ request: DataStoreFetchRequest<T>, entity: Schema.Entity
    ) async throws -> [T] {
        materialize(try await store.fetch(request), entity: entity)
    }

    nonisolated(nonsending) private func loadModels(_ identifiers: [PersistentIdentifier]) async throws -> [any PersistentModel] {
        let (models, missing) = modelsAtHand(identifiers)
        guard !missing.isEmpty else { return models }
        return models + registerLoaded(missing, from: try await container.dataStore.cachedSnapshots(for: missing, editingState: editingState))
    }

    nonisolated(nonsending) private func write<Store: DataStore>(to store: Store, _ changes: SavedChanges) async throws -> SaveOutcome {
        outcome(of: try await store.save(saveRequest(for: Store.self, changes)), inserted: changes.inserted.count)
    }
}
