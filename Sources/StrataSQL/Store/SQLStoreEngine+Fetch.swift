import StrataCore

extension SQLStoreEngine {
    /// Whether a fetch of `type` runs several statements (its to-many relationships are read
    /// apart from its rows), so the backend must run it in one read transaction.
    public func fetchReadsSeveralStatements<T: PersistentModel>(_ type: T.Type) throws -> Bool {
        try !mapping(for: type).toMany.isEmpty
    }

    /// Whether ``cachedSnapshots(for:on:)`` runs several statements for these identifiers.
    public func lookupReadsSeveralStatements(_ identifiers: [PersistentIdentifier]) -> Bool {
        let wanted = identifiers.filter(isStored)
        return wanted.count > 1 || wanted.contains { mappings[$0.entityName]?.toMany.isEmpty == false }
    }

    /// The snapshots matching a request, with their to-many relationships.
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, on connection: some SQLConnection) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let mapping = try mapping(for: T.self)
        let read = readMapping(for: request.descriptor, mapping)
        let statement = try checked(serialize(select(request.descriptor, mapping: mapping, columns: read.selectColumns(alias: Self.rowAlias))))
        var snapshots = try readSnapshots(statement, mapping: read, on: connection)
        if keyOrderIsLeftToMemory(request.descriptor) { Self.sortByKey(&snapshots) { $0.persistentIdentifier.primaryKey.integerValue! } }
        let related = try prefetchedSnapshots(request.descriptor, from: snapshots, mapping: mapping, on: connection)
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots, relatedSnapshots: related)
    }

    /// How many rows match a request.
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, on connection: some SQLConnection) throws -> Int {
        let mapping = try mapping(for: T.self)
        var inner = try select(request.descriptor, mapping: mapping, columns: [.keyword("1")])
        inner.orderBy = []
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT COUNT(*) FROM (")
        serializer.write(inner)
        serializer.write(") AS ")
        serializer.write(identifier: "counted")
        return try Int(connection.integers(checked(serializer.statement)).first ?? 0)
    }

    /// The identifiers of the rows matching a request, in the request's order.
    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, on connection: some SQLConnection) throws -> [PersistentIdentifier] {
        let mapping = try mapping(for: T.self)
        let statement = try checked(serialize(select(request.descriptor, mapping: mapping, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)])))
        var keys = try connection.integers(statement)
        if keyOrderIsLeftToMemory(request.descriptor) { Self.sortByKey(&keys) { $0 } }
        return identifiers(mapping.entity.name, keys)
    }

    /// The stored snapshots of the identifiers this store holds, by identifier (one query per entity).
    public func cachedSnapshots(for identifiers: [PersistentIdentifier], on connection: some SQLConnection) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try storedSnapshots(for: identifiers, on: connection)
    }

    /// Whether an identifier names a row of this store (a permanent, integer-keyed identifier).
    func isStored(_ identifier: PersistentIdentifier) -> Bool {
        identifier.storeIdentifier == storeIdentifier && identifier.primaryKey.integerValue != nil
    }

    /// Puts rows in ascending key order; one pass when they already are (a table's heap order
    /// usually is its insertion order).
    static func sortByKey<Row>(_ rows: inout [Row], key: (Row) -> Int64) {
        guard !rows.indices.dropFirst().allSatisfy({ key(rows[$0 - 1]) < key(rows[$0]) }) else { return }
        rows.sort { key($0) < key($1) }
    }

    /// Reads rows selected with ``EntityMapping/selectColumns(alias:)`` into snapshots, with
    /// their to-many relationships.
    func readSnapshots(_ statement: SQLStatement, mapping: EntityMapping, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        var snapshots = try connection.snapshots(statement, mapping: mapping, storeIdentifier: storeIdentifier)
        guard !mapping.toMany.isEmpty, !snapshots.isEmpty else { return snapshots }
        let keys = snapshots.map { $0.persistentIdentifier.primaryKey.integerValue! }
        for relationship in mapping.toMany {
            let origin = PersistentIdentifier.Origin.of(storeIdentifier: storeIdentifier, entityName: relationship.destination)
            var targets: [Int64: [PersistentIdentifier]] = [:]
            for chunk in keys.chunked(into: Self.keysPerStatement) {
                for (owner, target) in try connection.integerPairs(relatedKeysQuery(relationship.storage, owners: chunk)) {
                    targets[owner, default: []].append(PersistentIdentifier(origin: origin, primaryKey: .integer(target)))
                }
            }
            for index in snapshots.indices {
                let key = snapshots[index].persistentIdentifier.primaryKey.integerValue!
                snapshots[index][relationship.name] = .identifiers(targets[key] ?? [])
            }
        }
        return snapshots
    }

    /// `SELECT owner, target …` for the owners' rows of a to-many relationship, in the order the
    /// targets were added where the dialect can tell (``SQLDialect/insertionOrder``), else by key.
    func relatedKeysQuery(_ storage: RelationshipStorage, owners: ArraySlice<Int64>) -> SQLStatement {
        let alias = "r"
        let (table, ownerColumn, targetColumn, order): (String, String, String, SQLExpression)
        switch storage {
        case .inverseForeignKey(let destination, let column):
            (table, ownerColumn, targetColumn) = (destination, column, SQLNames.primaryKey)
            order = .column(table: alias, name: SQLNames.primaryKey)
        case .joinTable(let name, let owner, let target):
            (table, ownerColumn, targetColumn) = (name, owner, target)
            order = dialect.insertionOrder(alias: alias) ?? .column(table: alias, name: target)
        case .foreignKey:
            preconditionFailure("to-one relationships are columns of the row")
        }
        let select = SQLSelect(
            columns: [.column(table: alias, name: ownerColumn), .column(table: alias, name: targetColumn)], from: table, as: alias,
            where: .binary(.column(table: alias, name: ownerColumn), "IN", .list(owners.map { .bind(.integer($0)) })),
            orderBy: [SQLOrdering(order, ascending: true, mayBeNull: false)])
        return serialize(select)
    }
}
