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

    /// Deletes the rows matching the request's predicate. An entity that no relationship touches
    /// is deleted with one `DELETE … WHERE`; otherwise the matching rows go through the delete rules.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        let mapping = try mapping(for: T.self)
        let keys = try select(FetchDescriptor(predicate: request.predicate), mapping: mapping, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)])
        if !isRelated(mapping.entity) {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("DELETE FROM ")
            serializer.write(identifier: mapping.table)
            serializer.write(" AS ")
            serializer.write(identifier: Self.rowAlias)
            if let filter = keys.filter {
                serializer.write(" WHERE ")
                serializer.write(filter)
            }
            let statement = serializer.statement
            try connections.write { connection in try connection.transaction { try connection.execute(statement.text, binds: statement.binds) } }
            return
        }
        let statement = serialize(keys)
        try connections.write { connection in
            try connection.transaction {
                let doomed = try connection.query(statement.text, binds: statement.binds) { self.identifier(mapping.entity.name, $0.int64(at: 0)) }
                try SQLiteDeletion(store: self, connection: connection, deleting: Set(doomed)).apply()
            }
        }
    }

    /// Whether the entity has relationships or is the destination of one.
    private func isRelated(_ entity: Schema.Entity) -> Bool {
        !entity.relationships.isEmpty || schema.entities.contains { other in other.relationships.contains { $0.destination == entity.name } }
    }
}
