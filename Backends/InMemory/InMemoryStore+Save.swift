import StrataCore

extension InMemoryStore {
    /// Applies a save atomically: inserts (with unique upserts), updates, then deletes with
    /// their delete rules, all on a copy that replaces the current rows only on success.
    ///
    /// A stored row takes only the attributes its model changed, and relationships change by
    /// the links the save added and removed, on both sides (``SnapshotLinkWriter``). An upsert
    /// keeps the stored row's to-many members, adding the inserted model's, and leaves the
    /// models its to-one relationships no longer name (semantics rules 18 and 27).
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try tables.withLock { tables in
            var working = tables
            let deleted = Set(request.deleted.map(\.persistentIdentifier))
            let remapped = try mintIdentifiers(for: request.inserted, in: &working, skipping: deleted, newOnly: request.newInserts)
            var links = SnapshotLinkWriter(schema: schema)
            for snapshot in request.inserted {
                let row = snapshot.copy(persistentIdentifier: remapped[snapshot.persistentIdentifier]!, remappedIdentifiers: remapped)
                let stored = working.row(row.persistentIdentifier)
                working.write(links.row(writing: row, over: stored))
                links.recordInserted(row, upsertingOnto: stored)
            }
            for snapshot in request.updated {
                let identifier = snapshot.persistentIdentifier
                guard let stored = working.row(identifier) else {
                    throw SwiftDataError.modelNotFound.with("\(identifier) was deleted from the store; it cannot be updated")
                }
                let row = snapshot.copy(persistentIdentifier: identifier, remappedIdentifiers: remapped)
                working.write(links.row(writing: row, over: stored))
                links.recordUpdated(row, stored: stored, linkChanges: request.linkChanges[identifier], remapped: remapped)
            }
            let linked = links.apply(read: { working.row($0) }, write: { working.write($0) })
            try checkUniqueness(of: request.updated.map(\.persistentIdentifier), in: working)
            try InMemoryDeletion(schema: schema, deleting: deleted).apply(to: &working)
            let token = recordHistory(of: request, inserted: request.inserted.map { remapped[$0.persistentIdentifier]! }, in: &working)
            tables = working
            // The context takes over the rows it inserted and those whose links the save changed.
            var stored: [PersistentIdentifier: DefaultSnapshot] = [:]
            for identifier in remapped.values { stored[identifier] = working.row(identifier) }
            for row in linked { stored[row.persistentIdentifier] = working.row(row.persistentIdentifier) }
            return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped, snapshotsToReregister: stored, historyToken: token)
        }
    }

    /// Assigns each insert a new key, or the key of the stored row it collides with on a
    /// uniqueness constraint (upsert; among inserts of one save, the later one wins); an insert
    /// of `newOnly` that collides throws instead.
    private func mintIdentifiers(
        for inserted: [DefaultSnapshot], in working: inout InMemoryTables, skipping deleted: Set<PersistentIdentifier>, newOnly: Set<PersistentIdentifier>
    ) throws -> [PersistentIdentifier: PersistentIdentifier] {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        var claimed: [String: [[PersistentValue]: PersistentIdentifier]] = [:]
        for snapshot in inserted {
            let temporary = snapshot.persistentIdentifier
            guard let entity = schema.entitiesByName[temporary.entityName] else {
                throw SwiftDataError.modelNotInSchema.with("\(temporary.entityName) is not in this store's schema", entity: temporary.entityName)
            }
            let earlier = entity.uniquenessConstraints.lazy
                .compactMap { constraint in InMemoryTables.uniqueKey(snapshot, constraint: constraint).flatMap { claimed["\(constraint)"]?[$0] } }
                .first
            let match = earlier ?? working.uniqueMatch(for: snapshot, entity: entity, excluding: deleted)
            if let match, newOnly.contains(temporary) { throw DataStoreSaveChangesRequest<DefaultSnapshot>.newInsertCollides(temporary, with: match) }
            let permanent = match ?? mint(entity.name, in: &working)
            guard permanent.entityName == entity.name else {
                throw SwiftDataError.constraintViolation.with(
                    "a new \(entity.name) has the unique values of \(permanent), a model of another class; an upsert cannot change a model's class",
                    entity: entity.name)
            }
            remapped[temporary] = permanent
            for constraint in entity.uniquenessConstraints {
                if let key = InMemoryTables.uniqueKey(snapshot, constraint: constraint) { claimed["\(constraint)", default: [:]][key] = permanent }
            }
        }
        return remapped
    }

    private func mint(_ entityName: String, in working: inout InMemoryTables) -> PersistentIdentifier {
        defer { working.nextKey += 1 }
        return PersistentIdentifier(storeIdentifier: identifier, entityName: entityName, primaryKey: .integer(working.nextKey))
    }

    /// Updates may not make two rows collide on a uniqueness constraint (only inserts upsert).
    private func checkUniqueness(of updated: [PersistentIdentifier], in working: InMemoryTables) throws {
        for identifier in updated {
            guard let row = working.row(identifier), let entity = schema.entitiesByName[identifier.entityName] else { continue }
            if let other = working.uniqueMatch(for: row, entity: entity, excluding: [identifier]) {
                throw SwiftDataError.constraintViolation.with("updating \(identifier) would duplicate the unique values of \(other)", entity: entity.name)
            }
        }
    }
}
