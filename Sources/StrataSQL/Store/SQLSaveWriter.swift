import StrataCore

/// Applies one save request inside the backend's write transaction: mints keys (or finds the
/// stored row an insert upserts onto), writes rows table by table in bulk, inserts and deletes
/// the join-table rows the save changed, then deletes with the delete rules. On any error the
/// backend rolls back.
struct SQLSaveWriter<Connection: SQLConnection> {
    let engine: SQLStoreEngine
    let connection: Connection

    func apply(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        let deleting = Set(request.deleted.map(\.persistentIdentifier))
        let entities = Self.entities(of: request.inserted), updatedEntities = Self.entities(of: request.updated)
        // Relationship values may name models this save inserts, by their temporary identifiers.
        let related = try (entities + updatedEntities).contains { try engine.mapping($0).hasRelationships }
        let minted = try mintIdentifiers(
            for: request.inserted, entities: entities, mappingTemporaries: related, skipping: deleting, newOnly: request.newInserts)
        let (permanent, remapped, existing) = (minted.permanent, minted.remapped, minted.existing)
        let rows = minted.upserting || related
            ? Self.insertedRows(request.inserted, permanent: permanent, remapped: remapped, upserting: minted.upserting)
            : (final: request.inserted, keys: minted.keys, merged: [])
        // Positions in `rows`, by entity; an upsert onto a stored row updates it instead.
        var inserts = RowsByEntity<Int>(), updates = RowsByEntity<DefaultSnapshot>(), upserts = RowsByEntity<DefaultSnapshot>()
        if existing.isEmpty && entities.count == 1 {
            // The usual save inserts new rows of one entity: no row needs sorting out.
            inserts.append(contentsOf: rows.final.indices, entity: entities[0])
        } else {
            for index in rows.final.indices {
                let row = rows.final[index].persistentIdentifier
                if existing.contains(row) {
                    upserts.append(rows.final[index])
                } else {
                    inserts.append(index, entity: row.entityName)
                }
            }
        }
        for (entity, positions) in inserts.groups {
            let mapping = try engine.mapping(entity)
            // Usually the save inserts one entity: send the arrays themselves, not copies.
            let (snapshots, keys) = positions.count == rows.final.count
                ? (rows.final, rows.keys) : (positions.map { rows.final[$0] }, positions.map { rows.keys[$0] })
            try connection.insert(snapshots, keys: keys, into: mapping)
            try engine.writeDiscriminator(of: mapping, keys: keys, on: connection)
            try writeNewToMany(snapshots, keys: keys, mapping: mapping)
        }
        // An upsert keeps the stored row's to-many relationships, adding the inserted model's.
        var links = SQLJoinTableChanges()
        for (entity, rows) in upserts.groups { try update(rows, mapping: engine.mapping(entity), toMany: .adding, links: &links) }
        let changed = ToManyWrite.changing(request.linkChanges, remapped: remapped)
        if updatedEntities.count == 1 && !related {
            // The usual save changes one entity: send the request's snapshots, not copies.
            try update(request.updated, mapping: engine.mapping(updatedEntities[0]), toMany: changed, links: &links)
        } else {
            for snapshot in request.updated {
                updates.append(related ? snapshot.copy(persistentIdentifier: snapshot.persistentIdentifier, remappedIdentifiers: remapped) : snapshot)
            }
            for (entity, rows) in updates.groups { try update(rows, mapping: engine.mapping(entity), toMany: changed, links: &links) }
        }
        try links.write(on: connection, dialect: engine.dialect)
        try SQLDeletion(engine: engine, connection: connection, deleting: deleting).apply()
        let historyToken = try recordHistory(of: request, inserted: permanent)
        // Rows the context must re-read: those an insert upserted onto (a stored row, or an
        // earlier insert of this save). Every other row holds exactly what the context sent.
        let reread = rows.merged.union(existing)
        let reregister = reread.isEmpty ? [:] : Dictionary(
            rows.final.lazy.filter { reread.contains($0.persistentIdentifier) }.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { $1 })
        guard remapped.isEmpty else {
            return DataStoreSaveChangesResult(
                for: engine.storeIdentifier, remappedIdentifiers: remapped, snapshotsToReregister: reregister, insertedIdentifiers: permanent,
                historyToken: historyToken)
        }
        return DataStoreSaveChangesResult(
            for: engine.storeIdentifier, inserted: request.inserted, insertedIdentifiers: permanent, snapshotsToReregister: reregister,
            historyToken: historyToken)
    }

    /// Records the save in the history table, last in its transaction; `nil` when the store or
    /// the context records no history (a store that records none may mark a gap instead).
    private func recordHistory(of request: DataStoreSaveChangesRequest<DefaultSnapshot>, inserted: [PersistentIdentifier]) throws -> DefaultHistoryToken? {
        guard let number = try engine.recordInHistory(request.history?.payload(inserted: inserted), on: connection) else { return nil }
        return DefaultHistoryToken(storeIdentifier: engine.storeIdentifier, tokenValue: number)
    }

    /// The row each insert writes, copied under its permanent identifier (`permanent[i]` for
    /// `inserted[i]`) with related models' temporary identifiers replaced, and its key. When
    /// inserts of one save upsert onto the same row the later wins; `merged` names such rows.
    /// (Saves without upserts or relationships skip this and write the snapshots as they are.)
    private static func insertedRows(
        _ inserted: [DefaultSnapshot], permanent identifiers: [PersistentIdentifier], remapped: [PersistentIdentifier: PersistentIdentifier], upserting: Bool
    ) -> (final: [DefaultSnapshot], keys: [Int64], merged: Set<PersistentIdentifier>) {
        var rows: [DefaultSnapshot] = []
        rows.reserveCapacity(inserted.count)
        // Without upserts every permanent identifier is new and distinct: no look-ups needed.
        var position: [PersistentIdentifier: Int] = [:]
        var merged = Set<PersistentIdentifier>()
        for (snapshot, permanent) in zip(inserted, identifiers) {
            let row = snapshot.copy(persistentIdentifier: permanent, remappedIdentifiers: remapped)
            if upserting {
                if let earlier = position[permanent] {
                    rows[earlier] = row.upserting(onto: rows[earlier])
                    merged.insert(permanent)
                    continue
                }
                position[permanent] = rows.count
            }
            rows.append(row)
        }
        return (rows, keys(of: rows), merged)
    }

    /// The integer key of each row, in order.
    private static func keys(of rows: [DefaultSnapshot]) -> [Int64] {
        rows.map { $0.persistentIdentifier.primaryKey.integerValue! }
    }

    /// The entities `snapshots` belong to, each once, by name.
    private static func entities(of snapshots: [DefaultSnapshot]) -> [String] {
        var names: [String] = []
        // Saves insert runs of one entity: compare with the last name before searching them all.
        for index in snapshots.indices {
            let name = snapshots[index].persistentIdentifier.entityName
            if name != names.last && !names.contains(name) { names.append(name) }
        }
        return names.sorted()
    }

    /// A permanent identifier per insert, and its integer key: a new key, or the key of the row it
    /// collides with on a uniqueness constraint (an upsert), stored or inserted earlier in this
    /// save. Also by temporary identifier, when upserts or `mappingTemporaries` need that map (it
    /// costs more than minting the keys of a large save). An insert of `newOnly` that collides
    /// throws instead (``DataStoreSaveChangesRequest/newInserts``).
    private func mintIdentifiers(
        for inserted: [DefaultSnapshot], entities: [String], mappingTemporaries: Bool, skipping deleting: Set<PersistentIdentifier>,
        newOnly: Set<PersistentIdentifier>
    ) throws -> (
        permanent: [PersistentIdentifier], keys: [Int64], remapped: [PersistentIdentifier: PersistentIdentifier],
        existing: Set<PersistentIdentifier>, upserting: Bool
    ) {
        // The usual save: new rows of one entity, none of which can collide with another row.
        if entities.count == 1, try engine.mapping(entities[0]).entity.uniquenessConstraints.isEmpty {
            let keys = try connection.newKeys(inserted.count, for: engine.mapping(entities[0]).table)
            let permanent = engine.identifiers(entities[0], keys)
            return (permanent, keys, mappingTemporaries ? Self.byTemporary(inserted, permanent) : [:], [], false)
        }
        var existing = Set<PersistentIdentifier>()
        // Positions in `inserted`, by entity.
        var needingKeys = RowsByEntity<Int>()
        var upserts: [(insert: Int, onto: PersistentIdentifier)] = []
        // The row (a stored identifier, or the temporary one of an earlier insert) owning each unique value tuple.
        var claimed: [String: [[PersistentValue]: PersistentIdentifier]] = [:]
        // Lock once per table, in name order so two saves never wait on each other crosswise.
        for entity in entities {
            let mapping = try engine.mapping(entity)
            if !mapping.entity.uniquenessConstraints.isEmpty { try connection.lockUniqueValues(of: mapping.table, dialect: engine.dialect) }
        }
        var entity = ""
        var mapping: EntityMapping?
        // By index, reading fields in place: iterating would copy (retain) every snapshot, and
        // copying the mapping per row would retain each of its fields.
        for index in inserted.indices {
            let rowEntity = inserted[index].persistentIdentifier.entityName
            if rowEntity != entity {
                entity = rowEntity
                let next = try engine.mapping(entity)
                mapping = next.entity.uniquenessConstraints.isEmpty ? nil : next
            }
            guard let mapping else {
                needingKeys.append(index, entity: entity)
                continue
            }
            let snapshot = inserted[index]
            var owner: PersistentIdentifier?
            for constraint in mapping.entity.uniquenessConstraints where owner == nil {
                guard let values = Self.uniqueValues(snapshot, constraint) else { continue }
                owner = claimed["\(mapping.table)\(constraint)"]?[values]
                if let owner, owner.entityName != entity { throw Self.classClash(entity, with: owner) }
                if owner == nil, let match = try storedRow(mapping, constraint, values, skipping: deleting) {
                    owner = match
                    existing.insert(match)
                }
            }
            if let owner {
                if newOnly.contains(snapshot.persistentIdentifier) { throw DataStoreSaveChangesRequest<DefaultSnapshot>.newInsertCollides(snapshot.persistentIdentifier, with: owner) }
                upserts.append((index, owner))
            } else {
                needingKeys.append(index, entity: entity)
            }
            for constraint in mapping.entity.uniquenessConstraints {
                if let values = Self.uniqueValues(snapshot, constraint) {
                    claimed["\(mapping.table)\(constraint)", default: [:]][values] = owner ?? snapshot.persistentIdentifier
                }
            }
        }
        var permanent = [PersistentIdentifier?](repeating: nil, count: inserted.count)
        // Per table, in save order: the entities of a class hierarchy share a table and its keys,
        // and keys give the order of unsorted fetches.
        var byTable: [String: [Int]] = [:]
        for (entity, positions) in needingKeys.groups { byTable[try engine.mapping(entity).table, default: []] += positions }
        for (table, positions) in byTable {
            let ordered = positions.sorted()
            for (index, key) in zip(ordered, try connection.newKeys(ordered.count, for: table)) {
                permanent[index] = engine.identifiers(inserted[index].persistentIdentifier.entityName, [key])[0]
            }
        }
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        if mappingTemporaries || !upserts.isEmpty {
            remapped = Self.byTemporary(inserted, permanent)
            // In save order: an upsert onto an earlier insert of this save takes that insert's key.
            for (index, owner) in upserts {
                let identifier = remapped[owner] ?? owner
                permanent[index] = identifier
                remapped[inserted[index].persistentIdentifier] = identifier
            }
        }
        let identifiers = permanent.map { $0! }
        return (identifiers, identifiers.map { $0.primaryKey.integerValue! }, remapped, existing, !upserts.isEmpty)
    }

    /// Each insert's permanent identifier (`nil`: not minted yet) by its temporary one.
    private static func byTemporary(
        _ inserted: [DefaultSnapshot], _ permanent: [PersistentIdentifier?]
    ) -> [PersistentIdentifier: PersistentIdentifier] {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        remapped.reserveCapacity(inserted.count)
        for index in inserted.indices {
            if let identifier = permanent[index] { remapped[inserted[index].persistentIdentifier] = identifier }
        }
        return remapped
    }

    /// The values of a uniqueness constraint; `nil` when one is nil (such rows never collide).
    private static func uniqueValues(_ snapshot: DefaultSnapshot, _ constraint: [String]) -> [PersistentValue]? {
        let values = constraint.map { snapshot.value(forProperty: $0) ?? .null }
        return values.contains(where: \.isNull) ? nil : values
    }

    /// The stored row holding these unique values, unless this save deletes it.
    private func storedRow(_ mapping: EntityMapping, _ constraint: [String], _ values: [PersistentValue], skipping deleting: Set<PersistentIdentifier>) throws -> PersistentIdentifier? {
        let alias = SQLStoreEngine.rowAlias
        let conditions = zip(constraint, values).map { name, value in
            SQLExpression.binary(.column(table: alias, name: name), "=", .bind(value))
        }
        let select = SQLSelect(
            columns: [.column(table: alias, name: SQLNames.primaryKey)], from: mapping.table, as: alias,
            where: conditions.dropFirst().reduce(conditions[0]) { .binary($0, "AND", $1) })
        let keys = try connection.integers(engine.serialize(select))
        guard SQLNames.isHierarchy(mapping.entity), let key = keys.first else {
            return engine.identifiers(mapping.entity.name, keys).first { !deleting.contains($0) }
        }
        // In a class hierarchy's table the row may be of another class, which an upsert cannot change.
        let root = mapping.entity.rootEntity
        let owner = try engine.subentityRows([key], of: root, on: connection)[key] ?? root.name
        let stored = engine.identifiers(owner, [key])[0]
        guard !deleting.contains(stored) else { return nil }
        guard owner == mapping.entity.name else { throw Self.classClash(mapping.entity.name, with: stored) }
        return stored
    }

    /// The error for a new model of `entity` whose unique values are those of `other`, a stored
    /// or earlier-inserted model of another class in the same hierarchy.
    private static func classClash(_ entity: String, with other: PersistentIdentifier) -> SwiftDataError {
        SwiftDataError.constraintViolation.with(
            "a new \(entity) has the unique values of \(other), a model of another class; an upsert cannot change a model's class",
            entity: entity)
    }

    private func update(_ rows: [DefaultSnapshot], mapping: EntityMapping, toMany: ToManyWrite, links: inout SQLJoinTableChanges) throws {
        var missing: [PersistentIdentifier] = []
        // Each run of rows that changed the same properties writes just their columns, in order.
        var start = rows.startIndex
        while start < rows.endIndex {
            let changed = rows[start].changedProperties
            let end = rows[start...].firstIndex { $0.changedProperties != changed } ?? rows.endIndex
            let run = start == rows.startIndex && end == rows.endIndex ? rows : Array(rows[start..<end])
            start = end
            guard let update = mapping.update(changing: changed, dialect: engine.dialect) else {
                // No column changed (only to-many relationships, or nothing): the row must still exist.
                for row in run { try requireStored(row.persistentIdentifier) }
                continue
            }
            do {
                missing += try connection.update(run, in: mapping, setting: update)
            } catch where SQLErrorCategory(of: error) == .uniqueViolation {
                // Only inserts upsert; an update that makes two rows collide is the app's error.
                throw SwiftDataError.constraintViolation.with(
                    "an update of \(mapping.entity.name) would duplicate another row's unique values (\(error))", entity: mapping.entity.name)
            }
        }
        if let gone = missing.first { throw SwiftDataError.deletedFromStore(gone) }
        if !mapping.toMany.isEmpty {
            try writeToMany(rows, mapping: mapping, toMany, links: &links)
        }
    }

    /// Fails the save unless the row `identifier` names is stored, by the time the save commits:
    /// at once, or with the transaction's next statement on a connection that defers row checks
    /// (``SQLDeferredRowChecks``).
    private func requireStored(_ identifier: PersistentIdentifier) throws {
        guard engine.isStored(identifier) else { throw SwiftDataError.deletedFromStore(identifier) }
        let mapping = try engine.mapping(identifier.entityName)
        let alias = SQLStoreEngine.rowAlias
        let statement = engine.serialize(SQLSelect(
            columns: [.keyword("1")], from: mapping.table, as: alias,
            where: .binary(.column(table: alias, name: SQLNames.primaryKey), "=", .bind(.integer(identifier.primaryKey.integerValue!)))))
        if let deferring = connection as? any SQLDeferredRowChecks {
            try deferring.requireRow(statement) { SwiftDataError.deletedFromStore(identifier) }
        } else if try connection.integers(statement).isEmpty {
            throw SwiftDataError.deletedFromStore(identifier)
        }
    }

    /// Writes the join-table rows of new rows' to-many relationships kept in join tables
    /// (`keys[i]` is the key of `rows[i]`): no pair of a new key can be stored yet.
    private func writeNewToMany(_ rows: [DefaultSnapshot], keys rowKeys: [Int64], mapping: EntityMapping) throws {
        for relationship in mapping.toMany {
            guard case .joinTable(let table, let ownerColumn, let targetColumn) = relationship.storage else { continue }
            let pairs = zip(rowKeys, rows).flatMap { key, row in
                PersistentValue.identifiers(in: row.values[relationship.slot]).map { [PersistentValue.integer(key), .identifier($0)] }
            }
            guard !pairs.isEmpty else { continue }
            try connection.runForEach(
                SQLWrites.insert(into: table, columns: [ownerColumn, targetColumn], ignoringConflicts: true, dialect: engine.dialect), binds: pairs)
        }
    }

    /// Records in `links` the join-table pairs stored rows gain and lose: an upserted row adds
    /// every member it lists; an updated row its link changes, or, for a changed relationship
    /// the request has none for (a request not built by a context), its whole list, whose
    /// stored pairs are deleted first. An unloaded relationship (`nil`) keeps its stored pairs.
    private func writeToMany(_ rows: [DefaultSnapshot], mapping: EntityMapping, _ write: ToManyWrite, links: inout SQLJoinTableChanges) throws {
        for relationship in mapping.toMany {
            guard case .joinTable(let table, let ownerColumn, _) = relationship.storage else { continue }
            var replaced: [PersistentValue] = []
            for row in rows {
                let key = row.persistentIdentifier.primaryKey.integerValue!
                if case .changing = write, let changes = write.changes(of: row.persistentIdentifier, relationship.name) {
                    try links.record(table: table, ownerColumn: ownerColumn, key: key, added: changes.added, removed: changes.removed)
                    continue
                }
                guard let listed = row.values[relationship.slot] else { continue }
                if case .changing = write {
                    guard row.hasChanged(relationship.slot) else { continue }
                    replaced.append(.integer(key))
                }
                try links.record(table: table, ownerColumn: ownerColumn, key: key, added: PersistentValue.identifiers(in: listed))
            }
            for chunk in replaced.chunked(into: SQLStoreEngine.keysPerStatement) {
                try connection.run(SQLWrites.delete(from: table, where: ownerColumn, in: Array(chunk), dialect: engine.dialect))
            }
        }
    }
}

/// How a save writes the to-many relationships of stored rows it writes (``SQLSaveWriter``).
private enum ToManyWrite {
    /// Rows an insert upserted onto: they keep their members and gain the inserted model's.
    case adding
    /// Updated rows: the context's link changes by model and relationship, remapped to permanent identifiers.
    case changing([PersistentIdentifier: [String: LinkChanges]], remapped: [PersistentIdentifier: PersistentIdentifier])

    func changes(of row: PersistentIdentifier, _ relationship: String) -> LinkChanges? {
        guard case .changing(let all, let remapped) = self, let changes = all[row]?[relationship] else { return nil }
        return changes.remapped(remapped)
    }
}

extension SwiftDataError {
    /// The error for updating a row another context deleted. Outside the generic writer, so the
    /// `@Sendable` closure that makes it captures no metatype.
    fileprivate static func deletedFromStore(_ identifier: PersistentIdentifier) -> SwiftDataError {
        modelNotFound.with("\(identifier) was deleted from the store; it cannot be updated")
    }
}
