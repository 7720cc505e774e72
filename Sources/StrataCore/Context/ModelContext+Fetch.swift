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
        try throwFailedRead()
        let entity = try entity(for: T.self)
        try descriptor.validateKeyPaths(for: entity)
        guard descriptor.includePendingChanges, hasPendingChanges(of: entity) else {
            warnIfStoreFallsBack(descriptor, during: "fetch")
            return try storeFetch(descriptor, entity: entity, during: "fetch")
        }
        var unwindowed = descriptor
        unwindowed.fetchLimit = nil
        unwindowed.fetchOffset = nil
        warnIfStoreFallsBack(unwindowed, during: "fetch")
        let stored = try storeFetch(unwindowed, entity: entity, during: "fetch").filter { !$0.storage.isChanged && !$0.storage.isDeleted }
        let pending = (insertedModelsArray + changedModelsArray).compactMap { $0 as? T }.filter { !$0.storage.isDeleted }
        let merged = stored + (descriptor.predicate.map { FetchEvaluator.filter(pending, by: $0) } ?? pending)
        let sorted = descriptor.sortBy.isEmpty ? merged : FetchEvaluator.sort(merged, by: descriptor.sortBy)
        return FetchEvaluator.window(sorted, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }

    /// How many models ``fetch(_:)`` would return.
    /// - Throws: as ``fetch(_:)``.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try throwFailedRead()
        let entity = try entity(for: T.self)
        if descriptor.includePendingChanges, hasPendingChanges(of: entity) { return try fetch(descriptor).count }
        var unsorted = descriptor
        unsorted.sortBy = []  // a count does not depend on the order
        warnIfStoreFallsBack(unsorted, during: "fetchCount")
        do {
            return try container.dataStore.fetchCount(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
        } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
            return try storeFetch(descriptor, entity: entity, during: "fetchCount").count
        }
    }

    /// The identifiers of the models ``fetch(_:)`` would return, in the same order.
    /// Pending inserts appear with their temporary identifiers.
    /// - Throws: as ``fetch(_:)``.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try throwFailedRead()
        let entity = try entity(for: T.self)
        if descriptor.includePendingChanges, hasPendingChanges(of: entity) { return try fetch(descriptor).map(\.persistentModelID) }
        warnIfStoreFallsBack(descriptor, during: "fetchIdentifiers")
        do {
            return try container.dataStore.fetchIdentifiers(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))
        } catch DataStoreError.preferInMemoryFilter, DataStoreError.preferInMemorySort {
            return try storeFetch(descriptor, entity: entity, during: "fetchIdentifiers").map(\.persistentModelID)
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
        var attempt = descriptor
        var evaluateHere = false
        while true {
            do {
                let models = try fetchFromStore(container.dataStore, attempt, entity: entity)
                let matching = evaluateHere ? FetchEvaluator.apply(descriptor, to: models) : models
                try prefetch(descriptor, for: matching, entity: entity)
                return matching
            } catch DataStoreError.preferInMemoryFilter where attempt.predicate != nil {
                warnRefused(.predicate, of: descriptor, during: operation)
                evaluateHere = true
                attempt = FetchDescriptor<T>()
            } catch DataStoreError.preferInMemorySort where !attempt.sortBy.isEmpty {
                warnRefused(.sort, of: descriptor, during: operation)
                evaluateHere = true
                attempt.sortBy = []
                attempt.fetchLimit = nil
                attempt.fetchOffset = nil
            }
        }
    }

    private func fetchFromStore<Store: DataStore, T: PersistentModel>(_ store: Store, _ descriptor: FetchDescriptor<T>, entity: Schema.Entity) throws -> [T] {
        return materialize(try store.fetch(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState)), entity: entity)
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
