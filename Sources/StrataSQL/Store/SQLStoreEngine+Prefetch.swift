import StrataCore

/// What a fetch loads besides its own rows' columns: the rows its prefetched relationships
/// reach (``FetchDescriptor/relationshipKeyPathsForPrefetching``), rows by key, and only the
/// columns ``FetchDescriptor/propertiesToFetch`` asks for.
extension SQLStoreEngine {
    /// The mapping a fetch reads rows with: the entity's, or for a partial fetch one that reads
    /// the key, the foreign keys and only the attributes asked for (the others stay `nil` in
    /// the snapshots, and the context loads them when first used).
    func readMapping<T: PersistentModel>(for descriptor: FetchDescriptor<T>, _ mapping: EntityMapping) -> EntityMapping {
        guard let names = descriptor.fetchedAttributeNames(of: mapping.entity) else { return mapping }
        return mapping.reading(attributes: names)
    }

    /// The rows the descriptor's prefetched relationships reach from `snapshots`, by identifier:
    /// one query per relationship (and per ``keysPerStatement`` keys), whatever the number of
    /// rows, each row read as `mapping` reads. A prefetched to-many relationship the rows left
    /// unloaded is read into them first (one more query), so it arrives loaded.
    func prefetchedSnapshots<T: PersistentModel, Connection: SQLConnection>(
        _ descriptor: FetchDescriptor<T>, into snapshots: inout [DefaultSnapshot], mapping: EntityMapping, on connection: Connection
    ) throws -> [PersistentIdentifier: DefaultSnapshot] {
        var related: [PersistentIdentifier: DefaultSnapshot] = [:]
        let full = try self.mapping(mapping.entity.name)
        for relationship in descriptor.prefetchedRelationships(of: mapping.entity) {
            guard let slot = mapping.entity.snapshotLayout.index(of: relationship.name) else { continue }
            if mapping.leavesToManyUnloaded, let toMany = full.toMany.first(where: { $0.name == relationship.name }) {
                try readToMany(toMany, into: &snapshots, on: connection)
                if schema.entitiesByName[toMany.destination]?.subentities.isEmpty == false {
                    try renameHierarchyReferences(in: &snapshots, on: connection)
                }
            }
            // Rows of the fetch itself (a relationship to the same entity) are loaded already.
            let loaded = relationship.destination == mapping.entity.name ? Set(snapshots.lazy.map(\.persistentIdentifier)) : []
            var seen = Set<Int64>()
            var keys: [Int64] = []
            for snapshot in snapshots {
                for target in PersistentValue.identifiers(in: snapshot.values[slot])
                where isStored(target) && related[target] == nil && !loaded.contains(target) {
                    let key = target.primaryKey.integerValue!
                    if seen.insert(key).inserted { keys.append(key) }
                }
            }
            for snapshot in try storedSnapshots(of: self.mapping(relationship.destination, like: mapping), keys: keys, on: connection) {
                related[snapshot.persistentIdentifier] = snapshot
            }
        }
        return related
    }

    /// The stored rows of the identifiers this store holds, by identifier: one query per entity
    /// (and per ``keysPerStatement`` keys), each row with its to-many relationships or, unless
    /// `withToMany`, leaving them unloaded.
    func storedSnapshots(for identifiers: [PersistentIdentifier], withToMany: Bool, on connection: some SQLConnection) throws -> [PersistentIdentifier: DefaultSnapshot] {
        if identifiers.count == 1 { return try storedSnapshots(for: identifiers[0], withToMany: withToMany, on: connection) }
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        for (entityName, wanted) in Dictionary(grouping: identifiers.filter(isStored), by: \.entityName) {
            let keys = Array(Set(wanted.lazy.map { $0.primaryKey.integerValue! })).sorted()
            for snapshot in try storedSnapshots(of: withToMany ? mapping(entityName) : rowMapping(entityName), keys: keys, on: connection) {
                found[snapshot.persistentIdentifier] = snapshot
            }
        }
        return found
    }

    /// ``storedSnapshots(for:withToMany:on:)`` of one identifier (`model(for:)`, a fetch by identifier),
    /// without grouping identifiers by entity and keys into sets.
    private func storedSnapshots(for identifier: PersistentIdentifier, withToMany: Bool, on connection: some SQLConnection) throws -> [PersistentIdentifier: DefaultSnapshot] {
        guard isStored(identifier), let key = identifier.primaryKey.integerValue else { return [:] }
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        let entityName = identifier.entityName
        for snapshot in try storedSnapshots(of: withToMany ? mapping(entityName) : rowMapping(entityName), keys: [key], on: connection) {
            found[snapshot.persistentIdentifier] = snapshot
        }
        return found
    }

    /// The rows of an entity with these keys, read as `mapping` reads (with their to-many
    /// relationships, or leaving them unloaded).
    func storedSnapshots(of mapping: EntityMapping, keys: [Int64], on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        guard keys.count > 1 else {
            guard let key = keys.first else { return [] }
            return try readSnapshots(mapping.selectByKey(key), mapping: mapping, on: connection)
        }
        let alias = Self.rowAlias
        var found: [DefaultSnapshot] = []
        for chunk in keys.chunked(into: Self.keysPerStatement) {
            let select = SQLSelect(
                columns: mapping.selectColumns(alias: alias), from: mapping.table, as: alias,
                where: .binary(.column(table: alias, name: SQLNames.primaryKey), "IN", .list(chunk.map { .bind(.integer($0)) })))
            found += try readSnapshots(serialize(select), mapping: mapping, on: connection)
        }
        return found
    }
}

extension EntityMapping {
    /// This mapping reading only the key, the foreign keys and the attributes `names` names:
    /// rows decoded with it leave every other attribute `nil`. For reads only: its write
    /// statements and ``selectByKey(_:)`` are still the full mapping's.
    func reading(attributes names: Set<String>) -> EntityMapping {
        let propertyNames = entity.snapshotLayout.propertyNames
        return EntityMapping(reading: self, columns: columns.filter { $0.destination != nil || names.contains(propertyNames[$0.slot]) })
    }

    private init(reading full: EntityMapping, columns: [Column]) {
        self = full
        self.columns = columns
    }
}
