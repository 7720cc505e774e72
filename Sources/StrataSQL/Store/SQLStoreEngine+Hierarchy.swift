import StrataCore

// A class hierarchy (`@Model class Truck: Transport`) keeps its rows in its root's table, whose
// ``SQLNames/discriminator`` names each row's entity (NULL: the root's). Rows decode with one
// entity's columns, so a fetch of `Transport` reads every row as a `Transport` first; the rows
// of subentities are then read again by key with their own columns, and relationship values
// that name a row of a hierarchy by its destination entity are renamed to the row's own.

extension SQLStoreEngine {
    /// Writes the discriminator of rows just inserted for a subentity (a root's rows keep NULL).
    func writeDiscriminator(of mapping: EntityMapping, keys: [Int64], on connection: some SQLConnection) throws {
        guard mapping.discriminatorValues != nil else { return }
        for chunk in keys.chunked(into: Self.keysPerStatement) {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("UPDATE ")
            serializer.write(identifier: mapping.table)
            serializer.write(" SET ")
            serializer.write(identifier: SQLNames.discriminator)
            serializer.write(" = ")
            serializer.write(bind: .string(mapping.entity.name))
            serializer.write(" WHERE ")
            serializer.write(.binary(.column(table: nil, name: SQLNames.primaryKey), "IN", .list(chunk.map { .bind(.integer($0)) })))
            try connection.run(serializer.statement)
        }
    }

    /// The entity of each row among `keys` that belongs to a subentity of `entity`, by key; the
    /// other rows are `entity`'s own. One query per chunk of keys, whatever the number of
    /// subentities: the discriminator comes back as the subentity's position.
    func subentityRows(_ keys: [Int64], of entity: Schema.Entity, on connection: some SQLConnection) throws -> [Int64: String] {
        let subentities = Array(entity.selfAndSubentities.dropFirst())
        var found: [Int64: String] = [:]
        guard !keys.isEmpty, !subentities.isEmpty else { return found }
        let alias = "d"
        let (key, discriminator) = (SQLExpression.column(table: alias, name: SQLNames.primaryKey), SQLExpression.column(table: alias, name: SQLNames.discriminator))
        let position = SQLExpression.caseWhen(
            subentities.indices.map { SQLCaseBranch(when: .binary(discriminator, "=", .bind(.string(subentities[$0].name))), then: .bind(.integer(Int64($0)))) },
            otherwise: .keyword("NULL"))
        for chunk in Array(Set(keys)).sorted().chunked(into: Self.keysPerStatement) {
            let select = SQLSelect(
                columns: [key, position], from: SQLNames.table(entity), as: alias,
                where: .joined([
                    .binary(discriminator, "IN", .list(subentities.map { .bind(.string($0.name)) })),
                    .binary(key, "IN", .list(chunk.map { .bind(.integer($0)) })),
                ], by: "AND"))
            for (row, index) in try connection.integerPairs(serialize(select)) { found[row] = subentities[Int(index)].name }
        }
        return found
    }

    /// `snapshots`, read with `mapping`'s columns, with each row of a subentity read again as
    /// its own entity (in place, so the order holds), and relationship values naming rows of a
    /// class hierarchy renamed to each row's own entity.
    func resolvingHierarchies(_ snapshots: [DefaultSnapshot], mapping: EntityMapping, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        var rows = snapshots
        if !mapping.entity.subentities.isEmpty {
            let keys = rows.map { $0.persistentIdentifier.primaryKey.integerValue! }
            let owners = try subentityRows(keys, of: mapping.entity, on: connection)
            if !owners.isEmpty {
                var reread: [Int64: DefaultSnapshot] = [:]
                for (entityName, entityKeys) in Dictionary(grouping: owners.keys, by: { owners[$0]! }) {
                    for row in try storedSnapshots(of: self.mapping(entityName, like: mapping), keys: entityKeys.sorted(), on: connection) {
                        reread[row.persistentIdentifier.primaryKey.integerValue!] = row
                    }
                }
                for index in rows.indices {
                    if let row = reread[keys[index]] { rows[index] = row }
                }
            }
        }
        try renameHierarchyReferences(in: &rows, on: connection)
        return rows
    }

    /// The identifiers of rows `keys` of `entity`'s fetch, each naming its row's own entity.
    func identifiers(ofRows keys: [Int64], of entity: Schema.Entity, on connection: some SQLConnection) throws -> [PersistentIdentifier] {
        let owners = entity.subentities.isEmpty ? [:] : try subentityRows(keys, of: entity, on: connection)
        let own = identifiers(entity.name, keys)
        guard !owners.isEmpty else { return own }
        return zip(keys, own).map { key, identifier in owners[key].map { identifiers($0, [key])[0] } ?? identifier }
    }

    /// Renames identifiers in relationship values that name a row of a class hierarchy by the
    /// relationship's destination (`Transport`) to the row's own entity (`Truck`).
    func renameHierarchyReferences<Connection: SQLConnection>(in rows: inout [DefaultSnapshot], on connection: Connection) throws {
        let renamed = try hierarchyRenames(of: rows.lazy.flatMap { $0.values.flatMap { PersistentValue.identifiers(in: $0) } }, on: connection)
        guard !renamed.isEmpty else { return }
        for index in rows.indices {
            rows[index] = rows[index].copy(persistentIdentifier: rows[index].persistentIdentifier, remappedIdentifiers: renamed)
        }
    }

    /// Of `references`, those that name a row of a class hierarchy by an entity other than the
    /// row's own, mapped to the row's own (one query per hierarchy entity named).
    func hierarchyRenames(
        of references: some Sequence<PersistentIdentifier>, on connection: some SQLConnection
    ) throws -> [PersistentIdentifier: PersistentIdentifier] {
        var byDestination: [String: Set<Int64>] = [:]
        for identifier in references where schema.entitiesByName[identifier.entityName]?.subentities.isEmpty == false {
            byDestination[identifier.entityName, default: []].insert(identifier.primaryKey.integerValue!)
        }
        var renamed: [PersistentIdentifier: PersistentIdentifier] = [:]
        for (destination, keys) in byDestination {
            let owners = try subentityRows(Array(keys), of: mapping(destination).entity, on: connection)
            for (key, entityName) in owners {
                renamed[identifiers(destination, [key])[0]] = identifiers(entityName, [key])[0]
            }
        }
        return renamed
    }
}
