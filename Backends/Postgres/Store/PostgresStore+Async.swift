import StrataCore
import StrataSQL

/// The `async` store calls: the same reads and writes as the synchronous ones (replica routing
/// and read-your-writes included), run on the store's worker threads while the calling task
/// suspends, so waiting on the server (or on a lock it holds) never blocks a thread of Swift's
/// cooperative pool. A model actor's queue, which may block, runs them itself.
extension PostgresStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let plan = try engine.plan(request, for: .snapshots)
        return try await read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) { try self.engine.fetch(plan, on: $0) }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> Int {
        let plan = try engine.plan(request, for: .count)
        return try await read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) { try self.engine.fetchCount(plan, on: $0) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) async throws -> [PersistentIdentifier] {
        let plan = try engine.plan(request, for: .identifiers)
        return try await read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) {
            try self.engine.fetchIdentifiers(plan, on: $0)
        }
    }

    public func cachedSnapshots(
        for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState
    ) async throws -> [PersistentIdentifier: DefaultSnapshot] {
        try await read(editingState: editingState, severalStatements: engine.lookupReadsSeveralStatements(persistentIdentifiers)) {
            try self.engine.cachedSnapshots(for: persistentIdentifiers, on: $0)
        }
    }

    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) async throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try await write(editingState: request.editingState, token: \.historyToken) { try self.engine.save(request, on: $0) }
    }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) async throws {
        try await write(editingState: request.editingState) { try self.engine.delete(request, on: $0) }
    }
}
