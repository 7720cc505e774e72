import StrataCore

/// Deletes rows following each relationship's delete rule, inside the backend's write transaction.
struct SQLDeletion<Connection: SQLConnection> {
    let engine: SQLStoreEngine
    let connection: Connection
    /// The rows the save deletes explicitly; `.deny` does not count references among them or
    /// among the rows their cascades reach.
    let deleting: Set<PersistentIdentifier>

    /// Removes the rows and their cascades, refuses `.deny` violations, and clears every
    /// remaining reference to a removed row. Cascades are collected first, so whether a `.deny`
    /// blocks never depends on the order rows are visited in.
    /// - Throws: ``SwiftDataError/deleteRuleViolation``, or the connection's error.
    func apply() throws {
        guard !deleting.isEmpty else { return }
        let doomed = try cascadeClosure()
        for identifier in doomed {
            let entity = try engine.mapping(identifier.entityName).entity
            for relationship in entity.relationships where relationship.deleteRule == .deny {
                if let blocker = try relatedRows(of: identifier, through: relationship, in: entity).first(where: { !doomed.contains($0) }) {
                    throw SwiftDataError.deleteRuleViolation.with(
                        "\(identifier) cannot be deleted: its relationship \(relationship.name) still refers to \(blocker) and its delete rule is .deny",
                        entity: entity.name, property: relationship.name)
                }
            }
        }
        for identifier in doomed {
            try delete(from: try engine.mapping(identifier.entityName).table, where: SQLNames.primaryKey, equals: identifier)
        }
        for identifier in doomed { try dropReferences(to: identifier) }
    }

    /// The existing rows being deleted plus every row a `.cascade` rule reaches from them.
    private func cascadeClosure() throws -> Set<PersistentIdentifier> {
        var doomed = Set<PersistentIdentifier>()
        var queue = Array(deleting)
        while let identifier = queue.popLast() {
            guard !doomed.contains(identifier), try Self.rowExists(identifier, engine: engine, connection: connection) else { continue }
            doomed.insert(identifier)
            let entity = try engine.mapping(identifier.entityName).entity
            for relationship in entity.relationships where relationship.deleteRule == .cascade {
                queue += try relatedRows(of: identifier, through: relationship, in: entity)
            }
        }
        return doomed
    }

    /// Whether the row an identifier names is stored.
    static func rowExists(_ identifier: PersistentIdentifier, engine: SQLStoreEngine, connection: Connection) throws -> Bool {
        guard engine.isStored(identifier) else { return false }
        let mapping = try engine.mapping(identifier.entityName)
        let statement = engine.serialize(SQLSelect(
            columns: [.keyword("1")], from: mapping.table, as: "r",
            where: .binary(.column(table: "r", name: SQLNames.primaryKey), "=", .bind(.integer(identifier.primaryKey.integerValue!)))))
        return try !connection.integers(statement).isEmpty
    }

    /// The rows a relationship of the row reaches, as stored now.
    private func relatedRows(of identifier: PersistentIdentifier, through relationship: Schema.Relationship, in entity: Schema.Entity) throws -> [PersistentIdentifier] {
        let key = PersistentValue.integer(identifier.primaryKey.integerValue!)
        let alias = "r"
        let select: SQLSelect
        switch SQLNames.storage(of: relationship, in: entity, schema: engine.schema) {
        case .foreignKey(let column):
            select = SQLSelect(
                columns: [.column(table: alias, name: column)], from: SQLNames.table(entity), as: alias,
                where: .binary(
                    .binary(.column(table: alias, name: SQLNames.primaryKey), "=", .bind(key)), "AND",
                    .postfix(.column(table: alias, name: column), "IS NOT NULL")))
        case .inverseForeignKey(let table, let column):
            select = SQLSelect(columns: [.column(table: alias, name: SQLNames.primaryKey)], from: table, as: alias, where: .binary(.column(table: alias, name: column), "=", .bind(key)))
        case .joinTable(let table, let ownerColumn, let targetColumn):
            select = SQLSelect(columns: [.column(table: alias, name: targetColumn)], from: table, as: alias, where: .binary(.column(table: alias, name: ownerColumn), "=", .bind(key)))
        }
        return engine.identifiers(relationship.destination, try connection.integers(engine.serialize(select)))
    }

    /// Nulls to-one references to a removed row and drops its join-table rows.
    private func dropReferences(to identifier: PersistentIdentifier) throws {
        for entity in engine.schema.entities {
            for relationship in entity.relationships {
                switch SQLNames.storage(of: relationship, in: entity, schema: engine.schema) {
                case .foreignKey(let column) where relationship.destination == identifier.entityName:
                    let clear = SQLWrites.update(
                        SQLNames.table(entity), set: column, to: .keyword("NULL"), where: (column, .identifier(identifier)), dialect: engine.dialect)
                    try connection.run(clear)
                case .joinTable(let table, let ownerColumn, let targetColumn):
                    if entity.name == identifier.entityName { try delete(from: table, where: ownerColumn, equals: identifier) }
                    if relationship.destination == identifier.entityName { try delete(from: table, where: targetColumn, equals: identifier) }
                default:
                    continue
                }
            }
        }
    }

    private func delete(from table: String, where column: String, equals identifier: PersistentIdentifier) throws {
        try connection.run(SQLWrites.delete(from: table, where: column, equals: .identifier(identifier), dialect: engine.dialect))
    }
}
