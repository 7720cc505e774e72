import StrataCore
import StrataSQL

extension PostgresStore {
    /// Writes a save in one transaction: inserts (multi-row `INSERT`s, with unique upserts),
    /// updates (pipelined), then deletes with their delete rules. On any error nothing is written.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try write(editingState: request.editingState, token: \.historyToken) { try self.engine.save(request, on: $0) }
    }

    /// Deletes the rows matching the request's predicate, in one transaction (see
    /// ``SQLStoreEngine/delete(_:on:)``).
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        try write(editingState: request.editingState) { try self.engine.delete(request, on: $0) }
    }
}
