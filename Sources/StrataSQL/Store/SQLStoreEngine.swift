import StrataCore

/// What every SQL store does the same way, whatever the database: building queries from fetch
/// descriptors, reading snapshots and their to-many relationships, applying saves with unique
/// upserts and delete rules, and batch deletes. A backend owns connections and transactions
/// and hands the engine a ``SQLConnection`` inside them.
public struct SQLStoreEngine: Sendable {
    /// The alias of the fetched entity's table in every query.
    public static let rowAlias = "t0"
    /// How many keys one `IN` list carries.
    static let keysPerStatement = 10_000

    /// The schema the store persists.
    public let schema: Schema
    /// The database's SQL.
    public let dialect: any SQLDialect
    /// The tables the schema maps onto.
    public let tables: SchemaTables
    /// The identifier every ``PersistentIdentifier`` of this store carries.
    public let storeIdentifier: String
    let mappings: [String: EntityMapping]
    /// Per entity, the mapping a context's reads use: rows without their to-many relationships
    /// (``EntityMapping/leavingToManyUnloaded()``).
    let rowMappings: [String: EntityMapping]
    /// Whether some entity shares its table with others in a class hierarchy.
    let hasHierarchies: Bool
    /// Whether saves record their history in ``SQLHistoryTable`` (the table exists).
    public let recordsHistory: Bool
    /// Whether saves that are not recorded leave a gap marker in ``SQLHistoryTable``: the store
    /// records no history, but the database has the table, so a follower of it must learn that
    /// changes went unrecorded (docs/changes.md).
    public let marksHistoryGaps: Bool

    /// - Throws: ``SwiftDataError/invalidSchema`` when a name does not fit the dialect.
    public init(
        schema: Schema, dialect: any SQLDialect, storeIdentifier: String, recordsHistory: Bool = false, marksHistoryGaps: Bool = false
    ) throws {
        self.schema = schema
        self.recordsHistory = recordsHistory
        self.marksHistoryGaps = marksHistoryGaps && !recordsHistory
        self.dialect = dialect
        self.storeIdentifier = storeIdentifier
        self.tables = try SchemaTables(schema: schema, dialect: dialect)
        self.mappings = Dictionary(uniqueKeysWithValues: schema.entities.map { ($0.name, EntityMapping(entity: $0, schema: schema, dialect: dialect)) })
        self.rowMappings = mappings.mapValues { $0.leavingToManyUnloaded() }
        self.hasHierarchies = schema.entities.contains(where: SQLNames.isHierarchy)
    }

    /// The mapping of an entity that reads rows as `other` does: with their to-many
    /// relationships, or leaving them unloaded.
    /// - Throws: ``SwiftDataError/modelNotInSchema``.
    func mapping(_ entityName: String, like other: EntityMapping) throws -> EntityMapping {
        try other.leavesToManyUnloaded ? rowMapping(entityName) : mapping(entityName)
    }

    /// The mapping a context's reads of an entity use: rows without their to-many relationships.
    /// - Throws: ``SwiftDataError/modelNotInSchema``.
    func rowMapping(_ entityName: String) throws -> EntityMapping {
        guard let mapping = rowMappings[entityName] else { return try self.mapping(entityName) }
        return mapping
    }

    /// The mapping of an entity.
    /// - Throws: ``SwiftDataError/modelNotInSchema``.
    public func mapping(_ entityName: String) throws -> EntityMapping {
        guard let mapping = mappings[entityName] else {
            throw SwiftDataError.modelNotInSchema.with("\(entityName) is not in this store's schema", entity: entityName)
        }
        return mapping
    }

    /// The mapping of a model type.
    public func mapping<T: PersistentModel>(for type: T.Type) throws -> EntityMapping {
        try mapping(Schema.entityName(for: type))
    }

    /// The `SELECT` for a descriptor SQL answers whole: its predicate, sort, and window (see
    /// ``SQLFetchPlan`` for the order of unsorted rows and ties).
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` / ``DataStoreError/preferInMemorySort``
    ///   when a part of it is left to Swift.
    public func select<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, mapping: EntityMapping, columns: [SQLExpression]) throws -> SQLSelect {
        let plan = try plan(descriptor, mapping: mapping, for: .snapshots)
        if plan.filtersInMemory { throw DataStoreError.preferInMemoryFilter }
        if plan.sortsInMemory { throw DataStoreError.preferInMemorySort }
        return select(plan, columns: columns)
    }

    /// Whether ``select(_:mapping:columns:)`` leaves out `ORDER BY` the key, so the rows it
    /// returns must be put in key order in memory (``SQLDialect/ordersUnsortedFetchesInMemory``).
    public func keyOrderIsLeftToMemory<T>(_ descriptor: FetchDescriptor<T>) -> Bool {
        dialect.ordersUnsortedFetchesInMemory && descriptor.sortBy.isEmpty && descriptor.fetchLimit == nil && descriptor.fetchOffset == nil
    }

    /// Serializes a query for this engine's dialect.
    public func serialize(_ select: SQLSelect) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write(select)
        return serializer.statement
    }

    /// A query's statement, unless it carries more binds than the dialect accepts in one
    /// statement (several huge `IN` lists); the context then evaluates the request in memory.
    /// - Throws: ``DataStoreError/preferInMemoryFilter``.
    func checked(_ statement: SQLStatement) throws -> SQLStatement {
        guard statement.binds.count <= dialect.maximumBindCount else { throw DataStoreError.preferInMemoryFilter }
        return statement
    }

    /// The identifiers of rows `keys` of an entity in this store (one origin look-up for all).
    public func identifiers(_ entityName: String, _ keys: [Int64]) -> [PersistentIdentifier] {
        let origin = PersistentIdentifier.Origin.of(storeIdentifier: storeIdentifier, entityName: entityName)
        return keys.map { PersistentIdentifier(origin: origin, primaryKey: .integer($0)) }
    }

    /// Empties every table, and records the erase in the history.
    public func erase(on connection: some SQLConnection) throws {
        for table in tables.tables {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("DELETE FROM ")
            serializer.write(identifier: table.name)
            try connection.run(serializer.statement)
        }
        // Recorded, so other processes' containers relay it (docs/changes.md, rule 26).
        _ = try recordInHistory(HistoryDraft.erasurePayload(), on: connection)
    }
}

extension Array {
    /// The array cut into consecutive slices of at most `size` elements.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
