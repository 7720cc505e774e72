import StrataCore

/// The `async` store calls: each runs its synchronous form on one of the store's worker threads
/// while the calling task suspends, so waiting on the server (or on a lock it holds) never
/// blocks a thread of Swift's cooperative pool. A model actor's queue, which may block, runs
/// them itself.
extension PostgresStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try await pool.offload { try self.fetch(request) }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> Int {
        try await pool.offload { try self.fetchCount(request) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> [PersistentIdentifier] {
        try await pool.offload { try self.fetchIdentifiers(request) }
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) async throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try await pool.offload { try self.save(request) }
    }

    public func cachedSnapshots(
        for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState
    ) async throws -> [PersistentIdentifier: DefaultSnapshot] {
        try await pool.offload { try self.cachedSnapshots(for: persistentIdentifiers, editingState: editingState) }
    }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) async throws {
        try await pool.offload { try self.delete(request) }
    }
}
