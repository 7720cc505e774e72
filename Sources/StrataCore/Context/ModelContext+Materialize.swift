extension ModelContext {
    /// The registered models for fetched snapshots, creating or refreshing them as needed; their
    /// unloaded to-many relationships load in batches (``batchingToManyFaults(_:entity:)``).
    func materialize<T: PersistentModel, Snapshot: DataStoreSnapshot>(
        _ result: consuming DataStoreFetchResult<T, Snapshot>, entity: Schema.Entity
    ) -> [T] {
        batchingToManyFaults(registerFetched(result, entity: entity), entity: entity)
    }

    private func registerFetched<T: PersistentModel, Snapshot: DataStoreSnapshot>(
        _ result: consuming DataStoreFetchResult<T, Snapshot>, entity: Schema.Entity
    ) -> [T] {
        let partial = UnfetchedBatch(leftOutBy: result.descriptor, entity: entity)
        let (fetched, related) = result.takeSnapshots()
        for (identifier, snapshot) in related where registry[identifier] == nil {
            if let relatedEntity = container.schema.entitiesByName[identifier.entityName] {
                relatedValues[identifier] = Self.values(of: snapshot, layout: relatedEntity.layout)
            }
        }
        if let first = fetched.first { registry.reserveCapacity(adding: fetched.count, like: first.persistentIdentifier) }
        if !entity.subentities.isEmpty {
            // Rows of subentities become models of their own classes (`FetchDescriptor<Vehicle>` returns `Car`s).
            return fetched.map { snapshot in
                let rowEntity = container.schema.entitiesByName[snapshot.persistentIdentifier.entityName] ?? entity
                return register(snapshot, entity: rowEntity, partial: partial) as! T
            }
        }
        if Snapshot.self == DefaultSnapshot.self {
            return materialize(unsafeBitCast(consume fetched, to: [DefaultSnapshot].self), as: T.self, layout: entity.layout, partial: partial)
        }
        return fetched.map { register($0.persistentIdentifier, values: Self.values(of: $0, layout: entity.layout), as: T.self, layout: entity.layout, partial: partial) }
    }

    /// Strata's own snapshots, each moved into its model rather than copied: copying would
    /// retain every snapshot's values, a cache miss per row on memory the store wrote long before.
    private func materialize<T: PersistentModel>(_ fetched: consuming [DefaultSnapshot], as _: T.Type, layout: EntityLayout, partial: UnfetchedBatch?) -> [T] {
        var snapshots = fetched
        let count = snapshots.count
        return [T](unsafeUninitializedCapacity: count) { models, initialized in
            // Last to first: `popLast()` moves a snapshot out of the array.
            var index = count
            while var snapshot = snapshots.popLast() {
                index -= 1
                let identifier = snapshot.persistentIdentifier
                let values = snapshot.layout === layout.snapshotLayout ? snapshot.takeValues() : Self.values(of: snapshot, layout: layout)
                (models.baseAddress! + index).initialize(to: register(identifier, values: values, as: T.self, layout: layout, partial: partial))
            }
            initialized = count
        }
    }

    /// The model for one snapshot: the registered object (refreshed when it has no unsaved
    /// changes) or a new one.
    @discardableResult
    func register<Snapshot: DataStoreSnapshot>(_ snapshot: Snapshot, entity: Schema.Entity, partial: UnfetchedBatch? = nil) -> any PersistentModel {
        func open<Model: PersistentModel>(_: Model.Type) -> any PersistentModel {
            register(snapshot, as: Model.self, layout: entity.layout, partial: partial)
        }
        return open(entity.modelType)
    }

    private func register<Model: PersistentModel, Snapshot: DataStoreSnapshot>(
        _ snapshot: Snapshot, as _: Model.Type, layout: EntityLayout, partial: UnfetchedBatch?
    ) -> Model {
        register(snapshot.persistentIdentifier, values: Self.values(of: snapshot, layout: layout), as: Model.self, layout: layout, partial: partial)
    }

    /// The model for fetched values: the registered one (refreshed when it has no unsaved
    /// changes) or a new one. After a partial fetch (`partial`), the attributes the fetch left
    /// out keep the values a registered model has, and are loaded on first use where it has none.
    private func register<Model: PersistentModel>(
        _ identifier: PersistentIdentifier, values: consuming ContiguousArray<PersistentValue?>, as _: Model.Type, layout: EntityLayout,
        partial: UnfetchedBatch? = nil
    ) -> Model {
        if let existing = registry[identifier] {
            let storage = existing.storage
            guard !storage.isChanged && !storage.isInserted && !storage.isDeleted else { return existing as! Model }
            if let partial {
                refresh(storage, withPartial: values, leftOut: partial)
            } else {
                storage.reload(values)
                if !unfetched.isEmpty { unfetched[identifier] = nil }
            }
            return existing as! Model
        }
        let model = instantiate(Model.self, layout: layout, values: consume values, identifier: identifier)
        if let partial { track(model.storage, in: partial) }
        return model
    }

    /// Creates and registers a model of `entity` over persisted values.
    func instantiate(_ entity: Schema.Entity, values: ContiguousArray<PersistentValue?>, identifier: PersistentIdentifier) -> any PersistentModel {
        func open<Model: PersistentModel>(_: Model.Type) -> any PersistentModel {
            instantiate(Model.self, layout: entity.layout, values: values, identifier: identifier)
        }
        return open(entity.modelType)
    }

    private func instantiate<Model: PersistentModel>(
        _: Model.Type, layout: EntityLayout, values: consuming ContiguousArray<PersistentValue?>, identifier: PersistentIdentifier
    ) -> Model {
        // `layout` (a parameter) and `owner` (a constant of the context) outlive the call.
        let model = Model._makeModel(_ModelSeed(layout: layout, identifier: identifier, owner: owner), values: values)
        registry[identifier] = model
        if !relatedValues.isEmpty { relatedValues[identifier] = nil }
        return model
    }

    /// Loads models the context has not registered yet, from related snapshots or the store.
    func loadModels(_ identifiers: [PersistentIdentifier]) throws -> [any PersistentModel] {
        let (models, missing) = modelsAtHand(identifiers)
        guard !missing.isEmpty else { return models }
        return models + registerLoaded(missing, from: try container.dataStore.cachedSnapshots(for: missing, editingState: editingState))
    }

    /// The models of `identifiers` the context can make without the store (registered, or
    /// returned with an earlier fetch), and the identifiers it must load.
    func modelsAtHand(_ identifiers: [PersistentIdentifier]) -> (models: [any PersistentModel], missing: [PersistentIdentifier]) {
        var missing: [PersistentIdentifier] = []
        var models: [any PersistentModel] = []
        for identifier in identifiers {
            if let model = registry[identifier] {
                models.append(model)
            } else if let values = relatedValues[identifier], let entity = container.schema.entitiesByName[identifier.entityName] {
                models.append(instantiate(entity, values: values, identifier: identifier))
            } else {
                missing.append(identifier)
            }
        }
        return (models, missing)
    }

    /// Registers the models the store found of `missing`, in that order.
    func registerLoaded(_ missing: [PersistentIdentifier], from found: [PersistentIdentifier: any DataStoreSnapshot]) -> [any PersistentModel] {
        missing.compactMap { identifier in
            guard let snapshot = found[identifier], let entity = container.schema.entitiesByName[identifier.entityName] else { return nil }
            return register(snapshot, entity: entity)
        }
    }

    /// A snapshot's values in the slot order of `layout` (`nil` where the snapshot lacks one).
    static func values<Snapshot: DataStoreSnapshot>(of snapshot: Snapshot, layout: EntityLayout) -> ContiguousArray<PersistentValue?> {
        // A type comparison, not `as?`: a cast from a generic type costs a runtime cast per row.
        if Snapshot.self == DefaultSnapshot.self {
            let fast = unsafeBitCast(snapshot, to: DefaultSnapshot.self)
            if fast.layout === layout.snapshotLayout { return fast.values }
        }
        return ContiguousArray(layout.properties.map { snapshot.value(forProperty: $0.name) })
    }
}
