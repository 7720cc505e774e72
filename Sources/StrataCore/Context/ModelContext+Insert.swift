extension ModelContext {
    /// Registers a new model; it is written by the next ``save()``. Related models that are not
    /// in a context yet are inserted with it.
    ///
    /// A model that belongs to another context, or whose type is not in the schema, is not
    /// inserted; the next ``save()`` throws ``SwiftDataError/modelBelongsToAnotherContext`` or
    /// ``SwiftDataError/modelNotInSchema`` and keeps every other pending change.
    public func insert<T: PersistentModel>(_ model: T) {
        insertModel(model)
    }

    func insertModel(_ model: any PersistentModel) {
        let storage = model.storage
        if storage.owner === owner {
            if storage.isDeleted { undelete(model) }
            if storage.isInserted { adoptAppObject(model) }
            return
        }
        if storage.context != nil {
            refusedInsert = SwiftDataError.modelBelongsToAnotherContext.with(
                "\(storage.identifier) already belongs to another ModelContext; fetch it in this context instead of inserting it",
                entity: storage.layout.entityName)
            return
        }
        let modelType = (model: ObjectIdentifier(type(of: model)), layout: ObjectIdentifier(storage.layout))
        if !(lastTypeInSchema.map { $0 == modelType } ?? false) {
            guard let entity = container.schema.entitiesByName[storage.layout.entityName], entity.modelType == type(of: model) else {
                refusedInsert = SwiftDataError.modelNotInSchema.with(
                    "\(storage.layout.entityName) is not part of this container's schema; add it to ModelContainer(for:)",
                    entity: storage.layout.entityName)
                return
            }
            lastTypeInSchema = modelType
        }
        if !storage.hasIdentifier || !storage.identifier.isTemporary {
            storage.identifier = .temporary(of: storage.layout.temporaryOrigin)
        }
        storage.owner = owner
        storage.isInserted = true
        registry[storage.identifier] = model
        pendingInserts.append(PendingInsert(model: model, storage: storage))
        storage.attachDetachedRelationships()
    }

    /// Inserts the model whose `storage` its `init` related to a model of this context, as
    /// SwiftData does. Its own object is not at hand while `init` runs: an object of its class over
    /// the same storage stands in until the app inserts its own (``adoptAppObject(_:)``). Where
    /// the class cannot be told (it has subclasses), the next save throws unless the app inserts
    /// the model first.
    func insertInitializing(_ storage: AnyModelStorage) {
        guard let model = storage.modelSharingStorage(in: container.schema) else {
            initializedUninserted.append(storage)
            return
        }
        insertModel(model)
    }

    /// Registers the app's own object for an inserted model whose storage a stand-in object
    /// holds (``insertInitializing(_:)``), so fetches return the app's object.
    private func adoptAppObject(_ model: any PersistentModel) {
        let identifier = model.storage.identifier
        guard let registered = registry[identifier], registered !== model, registered.storage === model.storage else { return }
        registry[identifier] = model
        if let index = pendingInserts.firstIndex(where: { $0.model === registered }) {
            pendingInserts[index] = PendingInsert(model: model, storage: model.storage)
        }
    }

    /// Throws for a model its `init` related to a model of this context that was never inserted
    /// and could not be inserted for the app (``insertInitializing(_:)``): saving without it
    /// would drop it silently.
    /// - Throws: ``SwiftDataError/modelNotInserted``.
    func checkInitializedModelsInserted() throws {
        initializedUninserted.removeAll { $0.owner != nil }
        guard let storage = initializedUninserted.first else { return }
        let entity = storage.layout.entityName
        throw SwiftDataError.modelNotInserted.with(
            "a new \(entity) was related to a model of this context while it initialized, and was not inserted; call context.insert(_:) with it before saving",
            entity: entity)
    }

    private func undelete(_ model: any PersistentModel) {
        model.storage.isDeleted = false
        pendingDeletes.removeAll { $0 === model }
    }
}

extension ModelContext: ModelResolver {
    func resolveModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        if let model = registry[identifier] { return model }
        guard !identifier.isTemporary else { return nil }
        return loadModelRecordingFailure(identifier)
    }

    func resolveModels(for identifiers: [PersistentIdentifier]) -> [any PersistentModel] {
        let missing = identifiers.filter { !$0.isTemporary && registry[$0] == nil }
        var loaded: [PersistentIdentifier: any PersistentModel] = [:]
        if !missing.isEmpty {
            do {
                for model in try loadModels(missing) { loaded[model.storage.identifier] = model }
            } catch {
                recordFailedRead(error)
            }
        }
        return identifiers.compactMap { registry[$0] ?? loaded[$0] }
    }

    func storageWillChange(_ storage: AnyModelStorage, slot index: Int) {
        guard storage.owner === owner, !storage.isInserted else { return }
        loadUnfetched(of: storage)
        undoLog.append(UndoEntry(storage: storage, slot: index, value: storage.values[index], object: storage.object(at: index)))
        guard !storage.isChanged else { return }
        storage.isChanged = true
        pendingChanges.append(storage)
    }

    func adopt(_ model: any PersistentModel) -> PersistentIdentifier {
        if model.storage.context == nil { insertModel(model) }
        return model.storage.identifier
    }

    /// Keeps the inverse side of a relationship in step with the side the app changed.
    func relationshipDidChange(_ storage: AnyModelStorage, property index: Int, from old: [PersistentIdentifier], to new: [PersistentIdentifier]) {
        let name = storage.layout.properties[index].name
        guard let inverseName = entity(of: storage)?.relationshipsByName[name]?.inverseName else { return }
        let owner = storage.identifier
        for removed in old where !new.contains(removed) {
            resolveModel(for: removed)?.storage.unlink(owner, from: inverseName)
        }
        for added in new where !old.contains(added) {
            guard let target = resolveModel(for: added)?.storage else { continue }
            if let displaced = target.link(owner, into: inverseName), displaced != owner {
                resolveModel(for: displaced)?.storage.unlink(added, from: name)
            }
        }
    }
}
