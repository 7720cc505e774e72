import StrataCore

extension SQLStoreEngine {
    /// Writes a save: inserts (with unique upserts), updates, then deletes with their delete
    /// rules. Call inside one write transaction; on any error roll it back and nothing is written.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>, on connection: some SQLConnection) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try SQLSaveWriter(engine: self, connection: connection).apply(request)
    }

    /// Deletes the rows matching a batch delete's predicate (a class's rows include its
    /// subclasses' unless `includeSubclasses` is false). An entity that no relationship
    /// touches is deleted with one `DELETE … WHERE`; otherwise the matching keys are selected
    /// once and go through the delete rules set by set (``SQLDeletion``). Call inside one write
    /// transaction.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>, on connection: some SQLConnection) throws {
        try deleteMatching(request, on: connection)
        _ = try recordInHistory(request.history?.payload(inserted: []), on: connection)
    }

    private func deleteMatching<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>, on connection: some SQLConnection) throws {
        let mapping = try mapping(for: T.self)
        var keys = try select(FetchDescriptor(predicate: request.predicate), mapping: mapping, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)])
        if !request.includeSubclasses { keys.filter = .joined([mapping.ownRowsCondition(alias: Self.rowAlias), keys.filter], by: "AND") }
        guard isRelated(mapping.entity) else {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("DELETE FROM ")
            serializer.write(identifier: mapping.table)
            serializer.write(" AS ")
            serializer.write(identifier: Self.rowAlias)
            if let filter = keys.filter {
                serializer.write(" WHERE ")
                serializer.write(filter)
            }
            try connection.run(checked(serializer.statement))
            return
        }
        let doomed = try connection.integers(checked(serialize(keys)))
        try SQLDeletion(engine: self, connection: connection, entityName: mapping.entity.name, storedKeys: doomed).apply()
    }

    /// Whether the entity has relationships or shares its table with the destination of one.
    private func isRelated(_ entity: Schema.Entity) -> Bool {
        let table = SQLNames.table(entity)
        return !entity.relationships.isEmpty || schema.entities.contains { other in
            other.relationships.contains { relationship in schema.entitiesByName[relationship.destination].map(SQLNames.table) == table }
        }
    }
}
