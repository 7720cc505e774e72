/// The default asynchronous calls: the synchronous ones, on the calling thread. (Each calls
/// through a local synchronous function: in an `async` body the plain call would pick the
/// `async` overload, that is, itself.)
extension DataStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> DataStoreFetchResult<T, Snapshot> {
        func blocking() throws -> DataStoreFetchResult<T, Snapshot> { try fetch(request) }
        return try blocking()
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> Int {
        func blocking() throws -> Int { try fetchCount(request) }
        return try blocking()
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> [PersistentIdentifier] {
        func blocking() throws -> [PersistentIdentifier] { try fetchIdentifiers(request) }
        return try blocking()
    }

    public func save(_ request: DataStoreSaveChangesRequest<Snapshot>) async throws -> DataStoreSaveChangesResult<Snapshot> {
        func blocking() throws -> DataStoreSaveChangesResult<Snapshot> { try save(request) }
        return try blocking()
    }

    public func cachedSnapshots(
        for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState
    ) async throws -> [PersistentIdentifier: Snapshot] {
        func blocking() throws -> [PersistentIdentifier: Snapshot] { try cachedSnapshots(for: persistentIdentifiers, editingState: editingState) }
        return try blocking()
    }
}

extension DataStoreBatching {
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) async throws {
        func blocking() throws { try delete(request) }
        try blocking()
    }
}
