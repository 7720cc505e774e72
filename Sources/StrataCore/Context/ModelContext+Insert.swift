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
