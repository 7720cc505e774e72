import StrataCore
import StrataSQL

extension SQLiteStore {
    /// The alias of the fetched entity's table in every query.
    static let rowAlias = "t0"

    /// The `SELECT` for a descriptor: its predicate, sort, and window. Rows without a sort come
    /// in key (insertion) order; a sorted fetch with an explicit offset (paging, as `enumerate`
    /// does) breaks ties by key so pages never overlap. A sorted top-N leaves ties unordered,
    /// which saves SQLite a sort key.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` / ``DataStoreError/preferInMemorySort``.
    func select<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, mapping: EntityMapping, columns: [SQLExpression]) throws -> SQLSelect {
        let translator = SQLQueryTranslator(schema: schema, entity: mapping.entity, dialect: dialect, storeIdentifier: identifier, alias: Self.rowAlias)
        let filter = try descriptor.predicate.map { try translator.filter($0) }
        let ordering = try translator.ordering(descriptor.sortBy)
        let byKey = SQLOrdering(.column(table: Self.rowAlias, name: SQLNames.primaryKey), ascending: true)
        return SQLSelect(
            columns: columns, from: mapping.table, as: Self.rowAlias, where: filter,
            orderBy: ordering.isEmpty || descriptor.fetchOffset != nil ? ordering + [byKey] : ordering,
            limit: descriptor.fetchLimit.map { .bind(.integer(Int64(max($0, 0)))) },
            offset: descriptor.fetchOffset.flatMap { $0 > 0 ? .bind(.integer(Int64($0))) : nil })
    }

    func serialize(_ select: SQLSelect) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write(select)
        return serializer.statement
    }

    func identifier(_ entityName: String, _ key: Int64) -> PersistentIdentifier {
        EntityMapping.identifier(store: identifier, entity: entityName, key: key)
    }
}
