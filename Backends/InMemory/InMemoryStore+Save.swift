import StrataCore

extension InMemoryStore {
    /// Applies a save atomically: inserts (with unique upserts), updates, then deletes with
    /// their delete rules, all on a copy that replaces the current rows only on success.
    ///
    /// An upsert keeps the stored row's to-many relationships, adding the inserted model's, and
    /// unlinks the row from models its to-one relationships no longer name (semantics rule 18).
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try tables.withLock { tables in
            var working = tables
            let deleted = Set(request.deleted.map(\.persistentIdentifier))
            let remapped = try mintIdentifiers(for: request.inserted, in: &working, skipping: deleted)
            var stored: [PersistentIdentifier: DefaultSnapshot] = [:]
            var upserted: [PersistentIdentifier] = []
            for snapshot in request.inserted {
                let permanent = remapped[snapshot.persistentIdentifier]!
                var row = snapshot.copy(persistentIdentifier: permanent, remappedIdentifiers: remapped)
                if let existing = working.row(permanent) {
                    row = row.upserting(onto: existing)
                    upserted.append(permanent)
                }
                working.write(row)
                stored[permanent] = row
            }
            for snapshot in request.updated {
                guard working.row(snapshot.persistentIdentifier) != nil else {
                    throw SwiftDataError.modelNotFound.with("\(snapshot.persistentIdentifier) was deleted from the store; it cannot be updated")
                }
                working.write(snapshot.copy(persistentIdentifier: snapshot.persistentIdentifier, remappedIdentifiers: remapped))
            }
            // After the updates, which may list the upserted row under its old related models.
            for identifier in upserted {
                for row in working.row(identifier)!.staleInverseRows(in: schema, rows: working.ordered) {
                    working.write(row)
                    stored[row.persistentIdentifier] = row
                }
            }
            try checkUniqueness(of: request.updated.map(\.persistentIdentifier), in: working)
            try InMemoryDeletion(schema: schema, deleting: deleted).apply(to: &working)
            let token = recordHistory(of: request, inserted: request.inserted.map { remapped[$0.persistentIdentifier]! }, in: &working)
            tables = working
            return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped, snapshotsToReregister: stored, historyToken: token)
        }
    }

    /// Assigns each insert a new key, or the key of the stored row it collides with on a
    /// uniqueness constraint (upsert; among inserts of one save, the later one wins).
    private func mintIdentifiers(for inserted: [DefaultSnapshot], in working: inout InMemoryTables, skipping deleted: Set<PersistentIdentifier>) throws -> [PersistentIdentifier: PersistentIdentifier] {
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
            let permanent = earlier
                ?? working.uniqueMatch(for: snapshot, entity: entity, excluding: deleted)
                ?? mint(entity.name, in: &working)
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
