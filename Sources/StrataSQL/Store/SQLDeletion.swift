import StrataCore

/// Deletes rows following each relationship's delete rule, inside the backend's write
/// transaction, set by set: every statement names up to ``SQLStoreEngine/keysPerStatement``
/// keys, so deleting `n` rows costs a few statements per relationship and per `n / 10,000`,
/// never one per row.
///
/// The rows are collected first, level by level (the rows to delete, then the rows their
/// `.cascade` rules reach, then theirs …), while the store is still unchanged: whether a
/// `.deny` blocks never depends on the order rows are visited in, and a batch delete's
/// predicate is evaluated once, before anything it may depend on is removed.
struct SQLDeletion<Connection: SQLConnection> {
    let engine: SQLStoreEngine
    let connection: Connection
    /// The keys of the rows to delete, by entity name; `.deny` does not count references among
    /// them or among the rows their cascades reach.
    private let deleting: [String: [Int64]]
    /// Whether every key of ``deleting`` is known to name a stored row.
    private let rowsAreStored: Bool

    /// Deletes the rows a save names; identifiers of rows that are not stored are skipped.
    init(engine: SQLStoreEngine, connection: Connection, deleting identifiers: Set<PersistentIdentifier>) {
        self.engine = engine
        self.connection = connection
        self.deleting = Dictionary(grouping: identifiers.filter(engine.isStored), by: \.entityName)
            .mapValues { $0.map { $0.primaryKey.integerValue! } }
        self.rowsAreStored = false
    }

    /// Deletes rows of `entityName` just selected in this transaction.
    init(engine: SQLStoreEngine, connection: Connection, entityName: String, storedKeys: [Int64]) {
        self.engine = engine
        self.connection = connection
        self.deleting = storedKeys.isEmpty ? [:] : [entityName: storedKeys]
        self.rowsAreStored = true
    }

    /// Removes the rows and their cascades, refuses `.deny` violations, and clears every
    /// remaining reference to a removed row.
    /// - Throws: ``SwiftDataError/deleteRuleViolation``, or the connection's error.
    func apply() throws {
        guard !deleting.isEmpty else { return }
        let doomed = try cascadeClosure()
        try refuseDenied(doomed)
        for (entityName, keys) in doomed.sorted(by: { $0.key < $1.key }) {
            let table = try engine.mapping(entityName).table
            for chunk in keys.sorted().chunked(into: SQLStoreEngine.keysPerStatement) {
                try connection.run(SQLWrites.delete(from: table, where: SQLNames.primaryKey, in: chunk.map(PersistentValue.integer), dialect: engine.dialect))
            }
        }
        try dropReferences(to: doomed)
    }

    /// The stored rows being deleted plus every row a `.cascade` rule reaches from them.
    private func cascadeClosure() throws -> [String: Set<Int64>] {
        var doomed: [String: Set<Int64>] = [:]
        var level = try ownEntities(rowsAreStored ? deleting : try storedRows(deleting))
        while !level.isEmpty {
            for (entityName, keys) in level { doomed[entityName, default: []].formUnion(keys) }
            var next: [String: Set<Int64>] = [:]
            for (entityName, keys) in level {
                let entity = try engine.mapping(entityName).entity
                for relationship in entity.relationships where relationship.deleteRule == .cascade {
                    let reached = doomedKeys(of: relationship.destination, in: doomed)
                    for (_, target) in try links(from: keys, through: relationship, in: entity) where !reached.contains(target) {
                        next[relationship.destination, default: []].insert(target)
                    }
                }
            }
            level = try ownEntities(next.mapValues { $0.sorted() })
        }
        return doomed
    }

    /// `rows` with each row of a class hierarchy filed under its own entity, whatever entity
    /// reached it (a batch delete of `Venue`, a cascade along a relationship to `Venue`), so the
    /// delete rules its subentity declares apply to it.
    private func ownEntities(_ rows: [String: [Int64]]) throws -> [String: [Int64]] {
        var filed: [String: [Int64]] = [:]
        for (entityName, keys) in rows {
            let entity = try engine.mapping(entityName).entity
            guard !entity.subentities.isEmpty else {
                filed[entityName, default: []] += keys
                continue
            }
            let owners = try engine.subentityRows(keys, of: entity, on: connection)
            for key in keys { filed[owners[key] ?? entityName, default: []].append(key) }
        }
        return filed
    }

    /// The keys that name stored rows, by entity.
    private func storedRows(_ keys: [String: [Int64]]) throws -> [String: [Int64]] {
        var stored: [String: [Int64]] = [:]
        for (entityName, keys) in keys {
            let alias = "r", column = SQLExpression.column(table: alias, name: SQLNames.primaryKey)
            let table = try engine.mapping(entityName).table
            for chunk in keys.sorted().chunked(into: SQLStoreEngine.keysPerStatement) {
                let select = SQLSelect(columns: [column], from: table, as: alias, where: .binary(column, "IN", .list(chunk.map { .bind(.integer($0)) })))
                stored[entityName, default: []] += try connection.integers(engine.serialize(select))
            }
        }
        return stored.filter { !$0.value.isEmpty }
    }

    /// Throws when a `.deny` relationship of a doomed row refers to a row that stays.
    private func refuseDenied(_ doomed: [String: Set<Int64>]) throws {
        for (entityName, keys) in doomed.sorted(by: { $0.key < $1.key }) {
            let entity = try engine.mapping(entityName).entity
            for relationship in entity.relationships where relationship.deleteRule == .deny {
                let leaving = doomedKeys(of: relationship.destination, in: doomed)
                guard let (owner, blocker) = try links(from: keys.sorted(), through: relationship, in: entity).first(where: { !leaving.contains($0.1) }) else { continue }
                let (row, target) = (engine.identifiers(entityName, [owner])[0], engine.identifiers(relationship.destination, [blocker])[0])
                throw SwiftDataError.deleteRuleViolation.with(
                    "\(row) cannot be deleted: its relationship \(relationship.name) still refers to \(target) and its delete rule is .deny",
                    entity: entityName, property: relationship.name)
            }
        }
    }

    /// The (owner, target) key pairs a relationship of the rows `keys` records, as stored now.
    private func links(from keys: [Int64], through relationship: Schema.Relationship, in entity: Schema.Entity) throws -> [(Int64, Int64)] {
        let alias = "r"
        let (table, ownerColumn, targetColumn): (String, String, String)
        let storage = SQLNames.storage(of: relationship, in: entity, schema: engine.schema)
        switch storage {
        case .foreignKey(let column): (table, ownerColumn, targetColumn) = (SQLNames.table(entity), SQLNames.primaryKey, column)
        case .inverseForeignKey(let destination, let column): (table, ownerColumn, targetColumn) = (destination, column, SQLNames.primaryKey)
        case .joinTable(let name, let owner, let target): (table, ownerColumn, targetColumn) = (name, owner, target)
        }
        let (owner, target) = (SQLExpression.column(table: alias, name: ownerColumn), SQLExpression.column(table: alias, name: targetColumn))
        // Only a foreign key column can be NULL (no reference).
        let isSet: SQLExpression? = if case .foreignKey = storage { .postfix(target, "IS NOT NULL") } else { nil }
        var pairs: [(Int64, Int64)] = []
        for chunk in keys.chunked(into: SQLStoreEngine.keysPerStatement) {
            let select = SQLSelect(
                columns: [owner, target], from: table, as: alias,
                where: .joined([.binary(owner, "IN", .list(chunk.map { .bind(.integer($0)) })), isSet], by: "AND"))
            pairs += try connection.integerPairs(engine.serialize(select))
        }
        return pairs
    }

    /// Nulls to-one references to removed rows and drops their join-table rows.
    private func dropReferences(to doomed: [String: Set<Int64>]) throws {
        var cleared = Set<[String]>()
        for entity in engine.schema.entities {
            for relationship in entity.relationships {
                switch SQLNames.storage(of: relationship, in: entity, schema: engine.schema) {
                case .foreignKey(let column):
                    let keys = doomedKeys(of: relationship.destination, in: doomed)
                    guard !keys.isEmpty else { continue }
                    for chunk in keys.sorted().chunked(into: SQLStoreEngine.keysPerStatement) {
                        try connection.run(clear(column, of: SQLNames.table(entity), in: chunk))
                    }
                case .joinTable(let table, let ownerColumn, let targetColumn):
                    // Both sides of a many-to-many pair name the same table, columns swapped.
                    for (column, keys) in [(ownerColumn, doomedKeys(of: entity.name, in: doomed)), (targetColumn, doomedKeys(of: relationship.destination, in: doomed))] {
                        guard !keys.isEmpty, cleared.insert([table, column]).inserted else { continue }
                        for chunk in keys.sorted().chunked(into: SQLStoreEngine.keysPerStatement) {
                            try connection.run(SQLWrites.delete(from: table, where: column, in: chunk.map(PersistentValue.integer), dialect: engine.dialect))
                        }
                    }
                case .inverseForeignKey:
                    continue
                }
            }
        }
    }

    /// The doomed keys of the rows an entity's relationships can name: its own and, in a class
    /// hierarchy's table, those of every entity sharing the table (a `Transport` may be a `Truck`).
    private func doomedKeys(of entityName: String, in doomed: [String: Set<Int64>]) -> Set<Int64> {
        guard let entity = engine.schema.entitiesByName[entityName], SQLNames.isHierarchy(entity) else { return doomed[entityName] ?? [] }
        return entity.rootEntity.selfAndSubentities.reduce(into: Set<Int64>()) { $0.formUnion(doomed[$1.name] ?? []) }
    }

    /// `UPDATE table SET column = NULL WHERE column IN (keys…)`.
    private func clear(_ column: String, of table: String, in keys: ArraySlice<Int64>) -> SQLStatement {
        var serializer = SQLSerializer(dialect: engine.dialect)
        serializer.write("UPDATE ")
        serializer.write(identifier: table)
        serializer.write(" SET ")
        serializer.write(identifier: column)
        serializer.write(" = NULL WHERE ")
        serializer.write(.binary(.column(table: nil, name: column), "IN", .list(keys.map { .bind(.integer($0)) })))
        return serializer.statement
    }
}
