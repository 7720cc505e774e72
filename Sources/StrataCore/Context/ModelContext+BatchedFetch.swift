extension ModelContext {
    /// The models matching `descriptor`, loaded `batchSize` at a time as the collection is read,
    /// in the order ``fetch(_:)`` returns them.
    ///
    /// The identifiers of every result are fetched now; see ``FetchResultsCollection`` for how
    /// models are loaded and released. A `batchSize` below 1 loads all results in one batch.
    /// - Throws: ``SwiftDataError/includePendingChangesWithBatchSize`` when
    ///   ``FetchDescriptor/includePendingChanges`` is `true` and the context has unsaved changes
    ///   of `T`; otherwise as ``fetch(_:)``.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> FetchResultsCollection<T> {
        let identifiers = try storedIdentifiers(descriptor)
        let batches = ModelBatches<T>(
            context: self, entity: try entity(for: T.self), identifiers: identifiers,
            batchSize: batchSize < 1 ? max(identifiers.count, 1) : batchSize)
        return FetchResultsCollection(count: identifiers.count) { batches.model(at: $0) }
    }

    /// The identifiers of the models ``fetch(_:batchSize:)`` would return, in the same order.
    ///
    /// Identifiers are small, so all of them are fetched at once; `batchSize` is accepted for
    /// SwiftData's signature.
    /// - Throws: as ``fetch(_:batchSize:)``.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> FetchResultsCollection<PersistentIdentifier> {
        let identifiers = try storedIdentifiers(descriptor)
        return FetchResultsCollection(count: identifiers.count) { identifiers[$0] }
    }

    /// The identifiers of the saved models matching `descriptor`, in fetch order.
    /// - Throws: ``SwiftDataError/includePendingChangesWithBatchSize`` as ``fetch(_:batchSize:)`` says.
    private func storedIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        let entity = try entity(for: T.self)
        if descriptor.includePendingChanges, hasPendingChanges(of: entity) {
            throw SwiftDataError.includePendingChangesWithBatchSize.with(
                "a fetch of \(entity.name) in batches cannot include this context's unsaved changes of it; save first, or set includePendingChanges to false",
                entity: entity.name)
        }
        var stored = descriptor
        stored.includePendingChanges = false
        return try fetchIdentifiers(stored)
    }

    /// The models of `identifiers`, in their order: registered ones as they are, the others
    /// fetched in one request. A row that no longer exists gets a model that traps on access,
    /// as ``model(for:)`` gives.
    func loadBatch<T: PersistentModel>(_ identifiers: ArraySlice<PersistentIdentifier>, as _: T.Type, entity: Schema.Entity) throws -> [T] {
        let missing = identifiers.filter { registry[$0] == nil }
        var fetched: [PersistentIdentifier: T] = [:]
        if !missing.isEmpty {
            var request = FetchDescriptor<T>(predicate: #Predicate { missing.contains($0.persistentModelID) })
            request.includePendingChanges = false
            for model in try storeFetch(request, entity: entity, during: "fetch(_:batchSize:)") { fetched[model.persistentModelID] = model }
        }
        return identifiers.map { identifier in
            fetched[identifier] ?? (registry[identifier] as? T) ?? (model(for: identifier) as! T)
        }
    }

    /// Unregisters the models of a batch a ``FetchResultsCollection`` no longer holds, where
    /// nothing else holds them and they have no unsaved changes, so that they are freed.
    /// Empties `models` in place: a copy of the array would keep every model alive.
    func release<T: PersistentModel>(_ models: inout [T]) {
        while var model = models.popLast() {
            let storage = model.storage
            guard !storage.isChanged, !storage.isInserted, !storage.isDeleted else { continue }
            let identifier = model.persistentModelID
            guard registry[identifier] === model else { continue }
            registry.removeValue(forKey: identifier)
            // The registry let go: now only `model` holds it, unless the app (or a relationship) does.
            if !isKnownUniquelyReferenced(&model) { registry[identifier] = model }
        }
    }
}
