import StrataCore
import StrataSQL

extension SQLiteStore {
    /// Writes a save in one `BEGIN IMMEDIATE` transaction: inserts (with unique upserts),
    /// updates, then deletes with their delete rules. On any error nothing is written.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try connections.write { connection in
            try connection.transaction {
                var writer = SQLiteSaveWriter(store: self, connection: connection)
                return try writer.apply(request)
            }
        }
    }

    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        let mapping = try mapping(for: T.self)
        let keys = serialize(try select(FetchDescriptor(predicate: request.predicate), mapping: mapping, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)]))
        try connections.write { connection in
            try connection.transaction {
                let doomed = try connection.query(keys.text, binds: keys.binds) { self.identifier(mapping.entity.name, $0.int64(at: 0)) }
                try SQLiteDeletion(store: self, connection: connection, deleting: Set(doomed)).apply()
            }
        }
    }
}
