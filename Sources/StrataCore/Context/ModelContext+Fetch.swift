extension ModelContext {
    /// The models matching `descriptor`, with this context's pending changes taken into
    /// account unless ``FetchDescriptor/includePendingChanges`` is `false`.
    ///
    /// What the store cannot translate (it throws ``DataStoreError/preferInMemoryFilter`` or
    /// ``DataStoreError/preferInMemorySort``) is evaluated here, with the same semantics. Either
    /// way, a fetch evaluated partly in memory is logged as a warning through
    /// ``ModelContainer/logger`` (see ``explain(_:showingValues:)``).
    /// - Throws: ``SwiftDataError/modelNotInSchema``, ``SwiftDataError/unsupportedKeyPath`` for a
    ///   key path in `propertiesToFetch` or `relationshipKeyPathsForPrefetching` that names no
    ///   persisted property (or relationship) of the entity, or the store's typed error; first,
    ///   once, the error of a store read that failed since the last save or fetch.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try instrumented(.fetch, entity: Schema.entityName(for: T.self), rows: { $0.count }) {
            let route = try route(descriptor)
            if let identifier = route.lookedUpIdentifier {
                return try fetchLookedUp(identifier, entity: route.entity)
            }
            return route.finish(try storeFetch(route.storeDescriptor, entity: route.entity, during: "fetch"), of: self)
        }
    }

    /// How many models ``fetch(_:)`` would return.
    /// - Throws: as ``fetch(_:)``.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try instrumented(.fetchCount, entity: Schema.entityName(for: T.self)) {
            guard let request = try storeRequest(descriptor, for: .fetchCount) else { return try fetch(descriptor).count }
            do {
                return try container.dataStore.fetchCount(request)
            } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
                return try storeFetch(descriptor, entity: entity(for: T.self), during: "fetchCount").count
            }
        }
    }

    /// The identifiers of the models ``fetch(_:)`` would return, in the same order.
    /// Pending inserts appear with their temporary identifiers.
    /// - Throws: as ``fetch(_:)``.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try instrumented(.fetchIdentifiers, entity: Schema.entityName(for: T.self), rows: { $0.count }) {
            guard let request = try storeRequest(descriptor, for: .fetchIdentifiers) else { return try fetch(descriptor).map(\.persistentModelID) }
            do {
                return try container.dataStore.fetchIdentifiers(request)
            } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
                return try storeFetch(descriptor, entity: entity(for: T.self), during: "fetchIdentifiers").map(\.persistentModelID)
            }
        }
    }

    /// Calls `block` with every model matching `descriptor`, fetching `batchSize` at a time.
    /// - Throws: what the fetch or `block` throws.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int = 5000, allowEscapingMutations: Bool = false, block: (T) throws -> Void
    ) throws {
        var batch = descriptor
        let end = descriptor.fetchLimit.map { (descriptor.fetchOffset ?? 0) + $0 }
        var offset = descriptor.fetchOffset ?? 0
        while end.map({ offset < $0 }) ?? true {
            batch.fetchOffset = offset
            batch.fetchLimit = min(max(batchSize, 1), end.map { $0 - offset } ?? Int.max)
            let models = try fetch(batch)
            for model in models { try block(model) }
            if models.count < batch.fetchLimit! { return }
            offset += models.count
        }
    }

    /// Fetches from the store only, falling back to Swift evaluation (and warning that it does,
    /// for `operation`) when the store asks.
    func storeFetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, entity: Schema.Entity, during operation: String) throws -> [T] {
        var attempts = StoreFetchAttempts(descriptor, during: operation)
        while true {
            do {
                let matching = attempts.evaluate(try fetchOnce(from: container.dataStore, attempts.request(in: self), entity: entity))
                _ = try loadModels(prefetchTargets(descriptor, for: matching, entity: entity))
                return matching
            } catch {
                try attempts.retry(after: error, in: self)
            }
        }
    }

    private func fetchOnce<Store: DataStore, T: PersistentModel>(from store: Store, _ request: DataStoreFetchRequest<T>, entity: Schema.Entity) throws -> [T] {
        materialize(try store.fetch(request), entity: entity)
    }

    /// Whether the context has unsaved changes of `entity` or of an entity below it, which a fetch of it returns.
    func hasPendingChanges(of entity: Schema.Entity) -> Bool {
        guard entity.subentities.isEmpty else {
            let names = entity.selfAndSubentityNames
            return pendingInserts.contains { names.contains($0.storage.layout.entityName) }
                || pendingChanges.contains { names.contains($0.layout.entityName) }
                || pendingDeletes.contains { names.contains($0.storage.layout.entityName) }
        }
        let name = entity.name
        return pendingInserts.contains { $0.storage.layout.entityName == name }
            || pendingChanges.contains { $0.layout.entityName == name }
            || pendingDeletes.contains { $0.storage.layout.entityName == name }
    }
}
