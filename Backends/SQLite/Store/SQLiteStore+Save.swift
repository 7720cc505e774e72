import StrataCore
import StrataSQL

extension SQLiteStore {
    /// Writes a save in one `BEGIN IMMEDIATE` transaction: inserts (with unique upserts),
    /// updates, then deletes with their delete rules. On any error nothing is written.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try connections.write { connection in
            try connection.transaction { try engine.save(request, on: connection) }
        }
    }

    /// Deletes the rows matching the request's predicate, in one transaction (see
    /// ``SQLStoreEngine/delete(_:on:)``).
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        try connections.write { connection in
            try connection.transaction { try engine.delete(request, on: connection) }
        }
    }
}
