import StrataCore

extension JSONFileStore {
    /// Applies a save to a copy of the file's rows and writes the file only when every step
    /// succeeded: on any error the file is untouched.
    ///
    /// Order: mint identifiers for every insert (upserting on uniqueness constraints), write
    /// the inserts and the attributes the updates changed, apply the links the save added and
    /// removed on both sides (``SnapshotLinkWriter``), delete with delete rules, check that the
    /// updates broke no uniqueness constraint, write the file.
    /// - Throws: ``SwiftDataError/modelNotInSchema``, ``SwiftDataError/modelNotFound`` (an
    ///   update of a deleted row), ``SwiftDataError/deleteRuleViolation``,
    ///   ``SwiftDataError/constraintViolation``, or the file system's error.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        try lock.withLock {
            var state = try load()
            let deleted = Set(request.deleted.map(\.persistentIdentifier))

            // 1. Mint every permanent identifier before writing anything: inserts may refer
            //    to each other (parent and child, cycles).
            let remapped = try mintIdentifiers(for: request.inserted, in: &state, sparing: deleted, newOnly: request.newInserts)

            // 2. Inserts, with relationship values rewritten through the full map. An upsert keeps
            //    the stored row's to-many relationships, adding the inserted model's.
            var links = SnapshotLinkWriter(schema: schema)
            for snapshot in request.inserted {
                let permanent = remapped[snapshot.persistentIdentifier]!
                let row = snapshot.copy(persistentIdentifier: permanent, remappedIdentifiers: remapped).laidOut(as: schema.entitiesByName[permanent.entityName]!)
                let stored = state.rows[permanent]
                state.rows.write(links.row(writing: row, over: stored))
                links.recordInserted(row, upsertingOnto: stored)
            }

            // 3. Updates, addressed by the identifier's key; they may refer to new inserts too.
            //    Only what the context changed is written: its attributes and its link changes.
            for snapshot in request.updated {
                let identifier = snapshot.persistentIdentifier
                guard let stored = state.rows[identifier] else {
                    throw SwiftDataError.modelNotFound.with("\(identifier) is not in the store (deleted elsewhere?); it cannot be updated", entity: identifier.entityName)
                }
                let row = snapshot.copy(persistentIdentifier: identifier, remappedIdentifiers: remapped)
                state.rows.write(links.row(writing: row, over: stored))
                links.recordUpdated(row, stored: stored, linkChanges: request.linkChanges[identifier], remapped: remapped)
            }

            // 3b. The links, on both sides: an upserted or moved row leaves the models its to-one
            //     relationships no longer name.
            let linked = links.apply(read: { state.rows[$0] }, write: { state.rows.write($0) })

            // 4. Deletes, with their delete rules.
            let removed = try JSONDeletion(schema: schema).apply(deleted, to: &state.rows)

            // 5. Only inserts upsert: an update may not make two rows collide.
            for identifier in Set(request.updated.map(\.persistentIdentifier)).subtracting(removed) {
                let row = state.rows[identifier]!
                let uniqueness = JSONUniqueness(entity: schema.entitiesByName[identifier.entityName]!)
                if let other = uniqueness.collision(of: row, in: state.rows, excluding: [identifier]) {
                    throw SwiftDataError.constraintViolation.with("updating \(identifier) would duplicate the unique values of \(other)", entity: identifier.entityName)
                }
            }

            // 6. All or nothing: the file changes only here.
            try file.write(state.document)

            var stored: [PersistentIdentifier: DefaultSnapshot] = [:]
            for identifier in Set(remapped.values).union(linked.map(\.persistentIdentifier)) { stored[identifier] = state.rows[identifier] }
            return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remapped, snapshotsToReregister: stored)
        }
    }

    /// The permanent identifier of each insert: the stored row it collides with on a
    /// uniqueness constraint (upsert; rows deleted by this save do not count), an earlier
    /// insert of this save it collides with (the later insert's values win, as it is written
    /// after), or a newly minted key. An insert of `newOnly` (``ModelContext/insertNew(_:)``)
    /// that collides throws instead.
    private func mintIdentifiers(
        for inserted: [DefaultSnapshot], in state: inout JSONStoreState, sparing deleted: Set<PersistentIdentifier>, newOnly: Set<PersistentIdentifier>
    ) throws -> [PersistentIdentifier: PersistentIdentifier] {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        // Per class hierarchy (its root's name: constraints hold across it) and constraint index,
        // the unique values claimed by inserts of this save.
        var claimed: [String: [Int: [[PersistentValue]: PersistentIdentifier]]] = [:]
        for snapshot in inserted {
            let temporary = snapshot.persistentIdentifier
            guard let entity = schema.entitiesByName[temporary.entityName] else {
                throw SwiftDataError.modelNotInSchema.with("\(temporary.entityName) is not in this store's schema", entity: temporary.entityName)
            }
            let keys = entity.uniquenessConstraints.map { JSONUniqueness.key(of: snapshot, for: $0) }
            let earlier = keys.indices.lazy.compactMap { index in keys[index].flatMap { claimed[entity.rootEntity.name]?[index]?[$0] } }.first
            let match = earlier ?? JSONUniqueness(entity: entity).collision(of: snapshot, in: state.rows, excluding: deleted)
            if let match, newOnly.contains(temporary) { throw DataStoreSaveChangesRequest<DefaultSnapshot>.newInsertCollides(temporary, with: match) }
            let permanent = match ?? state.mint(entity.name)
            guard permanent.entityName == entity.name else {
                throw SwiftDataError.constraintViolation.with(
                    "a new \(entity.name) has the unique values of \(permanent), a model of another class", entity: entity.name)
            }
            remapped[temporary] = permanent
            for (index, key) in keys.enumerated() {
                if let key { claimed[entity.rootEntity.name, default: [:]][index, default: [:]][key] = permanent }
            }
        }
        return remapped
    }
}
