import StrataCore

extension SQLStoreEngine {
    /// Whether ``cachedSnapshots(for:on:)`` runs several statements for these identifiers: they
    /// name rows of several entities, or more than one statement's worth of one, or of an entity
    /// whose to-many relationships are read apart or whose rows may need class hierarchies resolved.
    public func lookupReadsSeveralStatements(_ identifiers: [PersistentIdentifier]) -> Bool {
        // Asked before every lookup, `model(for:)`'s included: no grouping, no dictionary.
        let wanted = identifiers.filter(isStored)
        guard let entityName = wanted.first?.entityName else { return false }
        guard wanted.allSatisfy({ $0.entityName == entityName }) else { return true }
        return wanted.count > Self.keysPerStatement || rowMappings[entityName].map { $0.readsToManyApart || $0.resolvesHierarchies } == true
    }

    /// The snapshots a plan selects (without their to-many relationships, but those it
    /// prefetches), and the rows its prefetched relationships reach.
    public func fetch<T: PersistentModel>(_ plan: SQLFetchPlan<T>, on connection: some SQLConnection) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        precondition(plan.purpose == .snapshots, "a fetch runs a plan for snapshots")
        var rows = try plan.evaluatesInMemory ? rowsEvaluatedInMemory(plan, on: connection) : readRows(plan, on: connection)
        let related = try prefetchedSnapshots(plan.descriptor, into: &rows, mapping: plan.mapping, on: connection)
        return DataStoreFetchResult(descriptor: plan.descriptor, fetchedSnapshots: rows, relatedSnapshots: related)
    }

    /// How many rows a plan selects.
    public func fetchCount<T: PersistentModel>(_ plan: SQLFetchPlan<T>, on connection: some SQLConnection) throws -> Int {
        precondition(plan.purpose == .count, "fetchCount runs a plan for a count")
        guard !plan.evaluatesInMemory else { return try rowsEvaluatedInMemory(plan, on: connection).count }
        return try Int(connection.integers(checked(statement(plan))).first ?? 0)
    }

    /// The identifiers of the rows a plan selects, in its order.
    public func fetchIdentifiers<T: PersistentModel>(_ plan: SQLFetchPlan<T>, on connection: some SQLConnection) throws -> [PersistentIdentifier] {
        precondition(plan.purpose == .identifiers, "fetchIdentifiers runs a plan for identifiers")
        guard !plan.evaluatesInMemory else { return try rowsEvaluatedInMemory(plan, on: connection).map(\.persistentIdentifier) }
        var keys = try connection.integers(checked(statement(plan)))
        if keyOrderIsLeftToMemory(plan, page: nil) { Self.sortByKey(&keys) { $0 } }
        return try identifiers(ofRows: keys, of: plan.mapping.entity, on: connection)
    }

    /// The statement a plan runs (its first page, when it reads in pages): whole rows, or —
    /// when SQL answers the whole descriptor — only the keys, or the count.
    func statement<T>(_ plan: SQLFetchPlan<T>, page: (offset: Int, limit: Int)? = nil) -> SQLStatement {
        if let key = plan.keyLookup { return plan.mapping.selectByKey(key) }
        switch (plan.purpose, plan.evaluatesInMemory) {
        case (.snapshots, _), (_, true):
            return serialize(select(plan, columns: plan.mapping.selectColumns(alias: Self.rowAlias), page: page))
        case (.identifiers, false):
            return serialize(select(plan, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)]))
        case (.count, false):
            var inner = select(plan, columns: [.keyword("1")])
            inner.orderBy = []
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("SELECT COUNT(*) FROM (")
            serializer.write(inner)
            serializer.write(") AS ")
            serializer.write(identifier: "counted")
            return serializer.statement
        }
    }

    /// The rows a plan's statement selects (one page of them), in key order where SQL left that out.
    func readRows<T: PersistentModel>(_ plan: SQLFetchPlan<T>, page: (offset: Int, limit: Int)? = nil, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        var snapshots = try readSnapshots(checked(statement(plan, page: page)), mapping: plan.mapping, on: connection)
        if keyOrderIsLeftToMemory(plan, page: page) { Self.sortByKey(&snapshots) { $0.persistentIdentifier.primaryKey.integerValue! } }
        return snapshots
    }

    /// The stored snapshots of the identifiers this store holds, by identifier (one query per
    /// entity), without their to-many relationships.
    public func cachedSnapshots(for identifiers: [PersistentIdentifier], on connection: some SQLConnection) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try storedSnapshots(for: identifiers, withToMany: false, on: connection)
    }

    /// Whether ``relatedIdentifiers(of:relationship:on:)`` may run several statements for
    /// these owners, so the backend must run it in one read transaction.
    public func relatedIdentifiersReadSeveralStatements(_ owners: [PersistentIdentifier]) -> Bool {
        hasHierarchies || owners.count > Self.keysPerStatement || Set(owners.lazy.map(\.entityName)).count > 1
    }

    /// The identifiers to-many relationship `name` of each of `owners` holds, in the order it
    /// reads back, by owner (one query per ``keysPerStatement`` owners); owners this store does
    /// not hold are absent, stored owners without related rows hold `[]`.
    /// - Throws: ``SwiftDataError/modelNotInSchema`` for an owner's entity or a relationship
    ///   this store does not have; the connection's error.
    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship name: String, on connection: some SQLConnection
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        var found: [PersistentIdentifier: [PersistentIdentifier]] = [:]
        for (entityName, wanted) in Dictionary(grouping: owners.filter(isStored), by: \.entityName) {
            let mapping = try mapping(entityName)
            guard let relationship = mapping.toMany.first(where: { $0.name == name }) else {
                throw SwiftDataError.modelNotInSchema.with("\(entityName) has no to-many relationship \(name)", entity: entityName, property: name)
            }
            let keys = wanted.map { $0.primaryKey.integerValue! }
            let targets = try relatedKeys(relationship, owners: keys, on: connection)
            let renamed = hasHierarchies ? try hierarchyRenames(of: targets.values.joined(), on: connection) : [:]
            for (owner, key) in zip(wanted, keys) {
                let related = targets[key] ?? []
                found[owner] = renamed.isEmpty ? related : related.map { renamed[$0] ?? $0 }
            }
        }
        return found
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
        let snapshots = try readRowsOfOneEntity(statement, mapping: mapping, on: connection)
        guard hasHierarchies, !snapshots.isEmpty else { return snapshots }
        return try resolvingHierarchies(snapshots, mapping: mapping, on: connection)
    }

    /// ``readSnapshots(_:mapping:on:)`` with every row read as the mapping's entity.
    private func readRowsOfOneEntity(_ statement: SQLStatement, mapping: EntityMapping, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        var snapshots = try connection.snapshots(statement, mapping: mapping, storeIdentifier: storeIdentifier)
        guard mapping.readsToManyApart, !snapshots.isEmpty else { return snapshots }
        for relationship in mapping.toMany { try readToMany(relationship, into: &snapshots, on: connection) }
        return snapshots
    }

    /// Fills to-many `relationship` of every snapshot with the keys its table holds.
    func readToMany(_ relationship: EntityMapping.ToMany, into snapshots: inout [DefaultSnapshot], on connection: some SQLConnection) throws {
        guard !snapshots.isEmpty else { return }
        let keys = snapshots.map { $0.persistentIdentifier.primaryKey.integerValue! }
        let targets = try relatedKeys(relationship, owners: keys, on: connection)
        for index in snapshots.indices {
            snapshots[index][relationship.name] = .identifiers(targets[keys[index]] ?? [])
        }
    }

    /// The targets of to-many `relationship` of the rows `owners`, by owner key, in the order
    /// the relationship reads back (one query per ``keysPerStatement`` owners), each named by the
    /// relationship's destination; owners without targets are absent.
    private func relatedKeys(
        _ relationship: EntityMapping.ToMany, owners keys: [Int64], on connection: some SQLConnection
    ) throws -> [Int64: [PersistentIdentifier]] {
        let origin = PersistentIdentifier.Origin.of(storeIdentifier: storeIdentifier, entityName: relationship.destination)
        var targets: [Int64: [PersistentIdentifier]] = [:]
        for chunk in keys.chunked(into: Self.keysPerStatement) {
            for (owner, target) in try connection.integerPairs(relatedKeysQuery(relationship.storage, owners: chunk)) {
                targets[owner, default: []].append(PersistentIdentifier(origin: origin, primaryKey: .integer(target)))
            }
        }
        return targets
    }

    /// `SELECT owner, target …` for the owners' rows of a to-many relationship, in the order
    /// the relationship reads back (``RelatedKeySource/order``).
    func relatedKeysQuery(_ storage: RelationshipStorage, owners: ArraySlice<Int64>) -> SQLStatement {
        let source = storage.keySource(alias: "r", dialect: dialect)
        let select = SQLSelect(
            columns: [source.owner, source.target], from: source.table, as: source.alias,
            where: .binary(source.owner, "IN", .list(owners.map { .bind(.integer($0)) })),
            orderBy: [SQLOrdering(source.order, ascending: true, mayBeNull: false)])
        return serialize(select)
    }
}
