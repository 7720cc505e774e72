import Foundation

/// Turns stored history records back into typed transactions, with the schema naming each
/// change's model type, key paths and value codecs.
struct HistoryDecoder {
    let schema: Schema
    let storeIdentifier: String

    /// - Throws: ``SwiftDataError/loadIssueModelContainer`` for a payload this version cannot read.
    func transaction(_ record: HistoryRecord) throws -> DefaultHistoryTransaction {
        let payload: HistoryPayload
        do { payload = try HistoryPayload.decoder.decode(HistoryPayload.self, from: Data(record.payload.utf8)) } catch {
            throw SwiftDataError.loadIssueModelContainer.with("history transaction \(record.token) cannot be read: \(error)")
        }
        var changes: [HistoryChange] = []
        func next() -> Int64 { Int64(changes.count) }
        for rows in payload.inserted {
            guard let entity = schema.entitiesByName[rows.entity] else { continue }
            for key in rows.keys.keys { changes.append(insert(entity.modelType, identifier(rows.entity, key), change: next(), in: record.token)) }
        }
        for rows in payload.updated {
            guard let entity = schema.entitiesByName[rows.entity] else { continue }
            for key in rows.keys.keys {
                changes.append(update(
                    entity.modelType, identifier(rows.entity, key), entity: entity, properties: rows.properties ?? [], change: next(), in: record.token))
            }
        }
        for rows in payload.deleted {
            guard let entity = schema.entitiesByName[rows.entity] else { continue }
            for key in rows.keys.keys {
                changes.append(delete(entity.modelType, identifier(rows.entity, key), entity: entity, preserved: [:], change: next(), in: record.token))
            }
        }
        for row in payload.tombstones {
            guard let entity = schema.entitiesByName[row.entity] else { continue }
            changes.append(delete(entity.modelType, identifier(row.entity, row.key), entity: entity, preserved: row.preserved, change: next(), in: record.token))
        }
        return DefaultHistoryTransaction(
            changes: changes, author: payload.author, bundleIdentifier: payload.process, processIdentifier: String(payload.processIdentifier),
            timestamp: Date(timeIntervalSince1970: payload.timestamp), token: DefaultHistoryToken(storeIdentifier: storeIdentifier, tokenValue: record.token))
    }

    /// The attribute a transaction names `name`: by its name, or, in a transaction recorded
    /// before a migration renamed it, by its `originalName`. A removed attribute is `nil`.
    private func attribute(named name: String, in entity: Schema.Entity) -> Schema.Attribute? {
        entity.attributesByName[name] ?? entity.attributes.first { $0.originalName == name }
    }

    /// The relationship a transaction names `name`, by its name or its `originalName`.
    private func relationship(named name: String, in entity: Schema.Entity) -> Schema.Relationship? {
        entity.relationshipsByName[name] ?? entity.relationships.first { $0.originalName == name }
    }

    private func identifier(_ entity: String, _ key: PersistentIdentifier.PrimaryKey) -> PersistentIdentifier {
        PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: entity, primaryKey: key)
    }

    private func insert<Model: PersistentModel>(_: Model.Type, _ identifier: PersistentIdentifier, change: Int64, in transaction: Int64) -> HistoryChange {
        .insert(DefaultHistoryInsert<Model>(changedPersistentIdentifier: identifier, changeIdentifier: change, transactionIdentifier: transaction))
    }

    private func update<Model: PersistentModel>(
        _: Model.Type, _ identifier: PersistentIdentifier, entity: Schema.Entity, properties: [String], change: Int64, in transaction: Int64
    ) -> HistoryChange {
        let keyPaths = properties.compactMap { name in
            (attribute(named: name, in: entity)?.keyPath ?? relationship(named: name, in: entity)?.keyPath) as? PartialKeyPath<Model>
        }
        return .update(DefaultHistoryUpdate<Model>(
            changedPersistentIdentifier: identifier, changeIdentifier: change, transactionIdentifier: transaction, updatedAttributes: keyPaths))
    }

    private func delete<Model: PersistentModel>(
        _: Model.Type, _ identifier: PersistentIdentifier, entity: Schema.Entity, preserved: [String: PersistentValue], change: Int64, in transaction: Int64
    ) -> HistoryChange {
        let entries = preserved.sorted { $0.key < $1.key }.compactMap { name, stored -> (keyPath: PartialKeyPath<Model>, value: Any)? in
            guard let attribute = attribute(named: name, in: entity), let keyPath = attribute.keyPath as? PartialKeyPath<Model>,
                let index = entity.layout.indexByKeyPath[keyPath], let codec = entity.layout.codecs[index],
                let value = try? codec.decode(stored)
            else { return nil }
            return (keyPath, value)
        }
        return .delete(DefaultHistoryDelete<Model>(
            changedPersistentIdentifier: identifier, changeIdentifier: change, transactionIdentifier: transaction,
            tombstone: HistoryTombstone(entries: entries)))
    }
}
