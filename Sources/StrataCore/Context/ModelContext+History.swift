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
        guard container.dataStore is any HistoryRecording else { return nil }
        let updated = changes.updated.map { storage in
            let layout = storage.layout
            let names = layout.properties.indices.lazy
                .filter { storage.changedSlots == .max || ($0 < 64 && storage.changedSlots & (1 << UInt64($0)) != 0) }
                .filter { !layout.properties[$0].isEphemeral }
                .map { layout.properties[$0].name }
            return HistoryPayload.UpdatedRow(entity: storage.identifier.entityName, key: storage.identifier.primaryKey, properties: Array(names))
        }
        let deleted = changes.deleted.map { model in
            let storage = model.storage
            var preserved: [String: PersistentValue] = [:]
            if let entity = container.schema.entitiesByName[storage.identifier.entityName] {
                for attribute in entity.attributes where attribute.options.contains(.preserveValueOnDeletion) {
                    guard let index = storage.layout.indexByKeyPath[attribute.keyPath], let value = try? storage.encodedValue(at: index) else { continue }
                    preserved[attribute.name] = value
                }
            }
            return HistoryPayload.DeletedRow(entity: storage.identifier.entityName, key: storage.identifier.primaryKey, preserved: preserved)
        }
        return HistoryDraft(author: author, timestamp: Date(), origin: container.changeOrigin, updated: updated, deleted: deleted)
    }

    /// What the store records of a batch delete of `doomed`: the rows, without tombstones (their
    /// values were never loaded). `nil` when the store keeps no history.
    func historyDraft(deleting doomed: [PersistentIdentifier]) -> HistoryDraft? {
        guard container.dataStore is any HistoryRecording else { return nil }
        let deleted = doomed.map { HistoryPayload.DeletedRow(entity: $0.entityName, key: $0.primaryKey, preserved: [:]) }
        return HistoryDraft(author: author, timestamp: Date(), origin: container.changeOrigin, updated: [], deleted: deleted)
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
