import Foundation
import StrataCore

/// Applies replicated changes to one context, with StrataSync's import rules: a row is found by
/// its remote id, absent keys leave properties alone, links name rows by remote id.
///
/// Every row's attributes are written before any link, so a change may link to a row a later
/// change of the same batch creates. A link to a row this replica does not have is left out
/// and a to-one naming it is cleared (the row was deleted here; the deletion clears the link
/// wherever it reaches); deletions come last. Nothing is saved: the
/// caller saves the context, with whatever else belongs to the same transaction.
final class ChangeApplier {
    let context: ModelContext
    let models: ReplicatedModels
    private let session: ImportSession

    init(context: ModelContext, models: ReplicatedModels) {
        self.context = context
        self.models = models
        session = ImportSession(context: context, options: SyncImportOptions(ignoresUnknownReferences: true))
        session.unknownReferencesUnlink = true
        session.skipsNotNewer = false
    }

    /// What the applied changes did: rows inserted, updated and deleted.
    var summary: SyncImportSummary { session.summary }

    /// Reads, for each model, only the stored rows `changes` name or link to, instead of every
    /// stored row (a few changes to a large table then cost a few rows). Not for a snapshot,
    /// which must know every stored row.
    /// - Throws: ``ReplicationError`` for an entity not replicated here or an unreadable id; the fetch's error.
    func prepare(for changes: [ReplicationChange]) throws {
        var ids: [String: [Any]] = [:]
        for change in changes {
            let mapping = try models.mapping(of: change.entity)
            ids[change.entity, default: []].append(try mapping.coercedID(change.id))
            for relationship in mapping.replicatedRelationships {
                guard let value = change.values?[relationship.foreignKey] else { continue }
                let destination = try models.mapping(of: Schema.entityName(for: relationship.destination))
                let references = (value as? [Any] ?? [value]).filter { !($0 is NSNull) }
                ids[destination.entity.name, default: []] += references.compactMap { destination.identity.coerce($0) }
            }
        }
        for (entity, values) in ids { try session.preload(models.mapping(of: entity), ids: values) }
    }

    /// The stored model the change names, if this replica has it.
    /// - Throws: ``ReplicationError`` for an entity not replicated here or an unreadable id.
    func existing(_ change: ReplicationChange) throws -> (any PersistentModel)? {
        let mapping = try models.mapping(of: change.entity)
        let id = try mapping.coercedID(change.id)
        let key = IdentityIndex.Key(scope: nil, id: try mapping.identity.codec.encode(id))
        let index = try session.index(mapping)
        try index.cover(key, id: id)
        return index.model(at: key)
    }

    /// Whether `change` links to a row this replica does not have (the link was, or will be, cleared).
    /// - Throws: ``ReplicationError`` for an entity not replicated here or an unreadable id.
    func linksToMissingRows(_ change: ReplicationChange) throws -> Bool {
        let mapping = try models.mapping(of: change.entity)
        for relationship in mapping.replicatedRelationships {
            guard let value = change.values?[relationship.foreignKey] else { continue }
            let destination = Schema.entityName(for: relationship.destination)
            for id in (value as? [Any] ?? [value]) where !(id is NSNull) {
                if try existing(ReplicationChange(entity: destination, id: id, values: nil)) == nil { return true }
            }
        }
        return false
    }

    /// Applies `changes`; `index` numbers them for errors.
    /// - Throws: ``ReplicationError/Kind/badPayload`` naming the change and key when values
    ///   cannot be read as the model's (a missing required value, a wrong type).
    func apply(_ changes: [ReplicationChange]) throws {
        var links: [(object: [String: Any], mapping: SyncMapping, index: Int)] = []
        for (index, change) in changes.enumerated() where !change.isDeletion {
            if index & 63 == 0 { try Task.checkCancellation() }
            let mapping = try models.mapping(of: change.entity)
            var attributes = change.values!
            attributes[mapping.identity.remoteKey] = change.id
            var linked: [String: Any] = [mapping.identity.remoteKey: change.id]
            for relationship in mapping.replicatedRelationships {
                guard let value = attributes.removeValue(forKey: relationship.foreignKey) else { continue }
                linked[relationship.foreignKey] = value
            }
            try readingPayload(of: change, index) { try session.apply(attributes, mapping, scope: nil, at: PayloadPlace(index: index)) }
            if linked.count > 1 { links.append((linked, mapping, index)) }
        }
        for link in links {
            try readingPayload(of: changes[link.index], link.index) { try session.apply(link.object, link.mapping, scope: nil, at: PayloadPlace(index: link.index)) }
        }
        for change in changes where change.isDeletion {
            guard let model = try existing(change) else { continue }
            try session.forget(model, models.mapping(of: change.entity))
        }
    }

    /// Deletes the stored rows of every replicated model that `snapshot` leaves out, except those in `keeping`.
    /// - Throws: the fetch's error.
    func deleteRowsNotIn(_ snapshot: [ReplicationChange], keeping: Set<RowIdentity>) throws {
        for entity in models.entityNames {
            let mapping = try models.mapping(of: entity)
            let index = try session.index(mapping)
            for model in index.untouched(inScope: nil, scoped: false) where model.persistentModelID.entityName == entity {
                guard let key = try IdentityIndex.key(of: model, mapping), !keeping.contains(RowIdentity(entity: entity, id: key.id)) else { continue }
                try session.forget(model, mapping)
            }
        }
    }

    /// Runs `body`, turning a StrataSync error about the values into a ``ReplicationError``.
    private func readingPayload(of change: ReplicationChange, _ index: Int, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SyncError {
            throw ReplicationError(.badPayload, "changes[\(index)] (\(change.entity) \(change.id)): \(error.key.map { "\($0): " } ?? "")\(error.message)")
        }
    }
}
