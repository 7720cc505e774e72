import Foundation

extension ModelContext {
    /// The transactions of the store's history that match the descriptor (SwiftData's API):
    /// ```swift
    /// let since = #Predicate<DefaultHistoryTransaction> { $0.token > lastToken }
    /// for transaction in try context.fetchHistory(HistoryDescriptor(predicate: since)) { … }
    /// ```
    /// - Throws: ``DataStoreError/unsupportedFeature`` when the store keeps no history or `T` is
    ///   not its transaction type; the store's typed errors.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        try historyStore().fetchHistory(erased: descriptor)
    }

    /// Deletes the transactions matching the descriptor's predicate (all when it has none), for
    /// retention: `#Predicate { $0.token <= processed }` or `{ $0.timestamp < cutoff }`.
    /// - Throws: as ``fetchHistory(_:)``.
    public func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws {
        try historyStore().deleteHistory(erased: descriptor)
    }

    private func historyStore() throws -> any HistoryProviding {
        guard let store = container.dataStore as? any HistoryProviding else { throw DataStoreError.unsupportedFeature }
        return store
    }

    /// What the store records of a save of `changes`: who saved, when, which properties of each
    /// updated model changed, and the preserved values of each deleted one. `nil` when the store
    /// keeps no history.
    func historyDraft(of changes: SavedChanges) -> HistoryDraft? {
        guard container.recordsHistory else { return nil }
        var updated: [HistoryPayload.Rows] = []
        // Saves change runs of one entity the same way: name the properties once per run.
        var last: (layout: ObjectIdentifier, slots: UInt64, names: [String])?
        for storage in changes.updated {
            let layout = storage.layout
            if last?.layout != ObjectIdentifier(layout) || last?.slots != storage.changedSlots {
                last = (ObjectIdentifier(layout), storage.changedSlots, Self.changedNames(storage.changedSlots, layout: layout))
            }
            updated.append(storage.identifier.primaryKey, entity: storage.identifier.entityName, properties: last!.names)
        }
        var deleted: [HistoryPayload.Rows] = []
        var tombstones: [HistoryPayload.Tombstone] = []
        for model in changes.deleted {
            let storage = model.storage, identifier = storage.identifier
            let preserved = preservedValues(of: storage)
            if preserved.isEmpty {
                deleted.append(identifier.primaryKey, entity: identifier.entityName)
            } else {
                tombstones.append(HistoryPayload.Tombstone(entity: identifier.entityName, key: identifier.primaryKey, preserved: preserved))
            }
        }
        return HistoryDraft(
            author: author, timestamp: Date(), origin: container.changeOrigin, updated: updated, deleted: deleted, tombstones: tombstones)
    }

    /// What the store records of a batch delete of `doomed`: the rows, without tombstones (their
    /// values were never loaded). `nil` when the store keeps no history.
    func historyDraft(deleting doomed: [PersistentIdentifier], tombstones: [HistoryPayload.Tombstone]) -> HistoryDraft? {
        guard container.recordsHistory else { return nil }
        var preserved: [String: Set<PersistentIdentifier.PrimaryKey>] = [:]
        for tombstone in tombstones { preserved[tombstone.entity, default: []].insert(tombstone.key) }
        var deleted: [HistoryPayload.Rows] = []
        for identifier in doomed where preserved[identifier.entityName]?.contains(identifier.primaryKey) != true {
            deleted.append(identifier.primaryKey, entity: identifier.entityName)
        }
        return HistoryDraft(author: author, timestamp: Date(), origin: container.changeOrigin, updated: [], deleted: deleted, tombstones: tombstones)
    }

    /// Whether a `delete(model:where:)` of `type` reads its rows first for their tombstones:
    /// history is recorded and the entity (or a subclass) preserves values on deletion, so a
    /// follower (a replica) learns which row went.
    func batchDeleteReadsTombstones<T: PersistentModel>(_ type: T.Type) -> Bool {
        container.recordsHistory && preservesValuesOnDeletion(type)
    }

    /// The tombstones of `models`, about to be deleted: those with preserved values.
    func tombstones<T: PersistentModel>(of models: [T]) -> [HistoryPayload.Tombstone] {
        models.compactMap { model in
            let preserved = preservedValues(of: model.storage), identifier = model.storage.identifier
            return preserved.isEmpty ? nil : HistoryPayload.Tombstone(entity: identifier.entityName, key: identifier.primaryKey, preserved: preserved)
        }
    }

    /// Whether `type`'s entity or one of its subentities has an attribute marked `.preserveValueOnDeletion`.
    private func preservesValuesOnDeletion<T: PersistentModel>(_ type: T.Type) -> Bool {
        guard let entity = container.schema.entitiesByName[Schema.entityName(for: type)] else { return false }
        return entity.selfAndSubentities.contains { $0.attributes.contains { $0.options.contains(.preserveValueOnDeletion) } }
    }

    /// The names of the persisted properties whose bits `slots` sets (every bit: all of them).
    private static func changedNames(_ slots: UInt64, layout: EntityLayout) -> [String] {
        layout.properties.indices
            .filter { (slots == .max || ($0 < 64 && slots & (1 << UInt64($0)) != 0)) && !layout.properties[$0].isEphemeral }
            .map { layout.properties[$0].name }
    }

    /// The persisted values of the model's attributes marked `.preserveValueOnDeletion`.
    private func preservedValues(of storage: AnyModelStorage) -> [String: PersistentValue] {
        guard let entity = container.schema.entitiesByName[storage.identifier.entityName] else { return [:] }
        var preserved: [String: PersistentValue] = [:]
        for attribute in entity.attributes where attribute.options.contains(.preserveValueOnDeletion) {
            guard let index = storage.layout.indexByKeyPath[attribute.keyPath], let value = try? storage.encodedValue(at: index) else { continue }
            preserved[attribute.name] = value
        }
        return preserved
    }
}

extension HistoryProviding {
    /// ``fetchHistory(_:)`` for a descriptor of any transaction type.
    /// - Throws: ``DataStoreError/unsupportedFeature`` when `T` is not ``HistoryType``.
    fileprivate func fetchHistory<T: HistoryTransaction>(erased descriptor: HistoryDescriptor<T>) throws -> [T] {
        guard let typed = descriptor as? HistoryDescriptor<HistoryType> else { throw DataStoreError.unsupportedFeature }
        return try fetchHistory(typed) as! [T]
    }

    /// ``deleteHistory(_:)`` for a descriptor of any transaction type.
    /// - Throws: as ``fetchHistory(erased:)``.
    fileprivate func deleteHistory<T: HistoryTransaction>(erased descriptor: HistoryDescriptor<T>) throws {
        guard let typed = descriptor as? HistoryDescriptor<HistoryType> else { throw DataStoreError.unsupportedFeature }
        try deleteHistory(typed)
    }
}
