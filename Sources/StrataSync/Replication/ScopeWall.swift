import StrataCore

/// The scope checks of one push: which of its changes the principal may make. Each refusal is
/// recorded, so the answer names every refused change, not only the first.
final class ScopeWall<Principal> {
    let scope: ReplicationScope<Principal>
    let principal: Principal
    let models: ReplicatedModels
    let applier: ChangeApplier
    /// The changes refused so far, each with its reason.
    private(set) var refused: [RefusedChange] = []

    init(scope: ReplicationScope<Principal>, principal: Principal, models: ReplicatedModels, applier: ChangeApplier) {
        self.scope = scope
        self.principal = principal
        self.models = models
        self.applier = applier
    }

    /// Records that `change` is refused as out of scope, saying `message`.
    func refuse(_ change: ReplicationChange, _ message: String) {
        refused.append(RefusedChange(entity: change.entity, id: change.id, reason: .outOfScope, message: message))
    }

    /// Whether the principal may see and change `model`.
    /// - Throws: the scope's predicate error.
    func allows(_ model: any PersistentModel) throws -> Bool {
        try scope.allows(model, of: model.persistentModelID.entityName, for: principal)
    }

    /// Whether the principal may link to `model`: it is in scope, or its model allows links across.
    func mayLink(to model: any PersistentModel) throws -> Bool {
        try scope.allowsLinks(to: model.persistentModelID.entityName) || allows(model)
    }

    /// `changes` as the principal may apply them, before they are applied: a new link to a row
    /// outside the scope refuses its change, unless the row's model allows links across; a list
    /// keeps the links to rows the principal cannot see (it was never shown them, so it cannot
    /// mean to remove them); a deletion whose delete rules would delete a row outside the scope
    /// is refused.
    /// - Throws: ``ReplicationError`` for an unreadable id; the scope's predicate error.
    func admit(_ changes: [ReplicationChange]) throws -> [ReplicationChange] {
        var admitted: [ReplicationChange] = []
        for change in changes {
            if change.isDeletion {
                if try cascadeStaysInside(change) { admitted.append(change) }
            } else if let change = try linksInside(change) {
                admitted.append(change)
            }
        }
        return admitted
    }

    /// Refuses each applied change whose row ends outside the scope (a row given away, or made
    /// for another principal).
    /// - Throws: ``ReplicationError`` for an unreadable id; the scope's predicate error.
    func checkRowsEnd(_ applied: [ReplicationChange]) throws {
        for change in applied where !change.isDeletion {
            guard let model = try applier.existing(change), try allows(model) else {
                refuse(change, "the batch would put \(change.entity) \(change.id) outside this client's scope")
                continue
            }
        }
    }

    /// `change` with the hidden links of its lists kept, or `nil` (refused) when it links to a
    /// row outside the scope it did not link to before.
    private func linksInside(_ change: ReplicationChange) throws -> ReplicationChange? {
        let mapping = try models.mapping(of: change.entity)
        let existing = try applier.existing(change)
        var values = change.values!
        for relationship in mapping.replicatedRelationships {
            guard let value = values[relationship.foreignKey] else { continue }
            let destination = try models.mapping(of: Schema.entityName(for: relationship.destination))
            let current = existing.map(relationship.targets) ?? []
            let currentKeys = Set(try current.map { try destination.identityKey(ofRemoteID: destination.remoteID(of: $0)) })
            let ids = (value as? [Any] ?? [value]).filter { !($0 is NSNull) }
            let sentKeys = Set(try ids.map { try destination.identityKey(ofRemoteID: $0) })
            for id in ids where !currentKeys.contains(try destination.identityKey(ofRemoteID: id)) {
                guard let target = try applier.existing(ReplicationChange(entity: destination.entity.name, id: id, values: nil)) else { continue }
                guard try mayLink(to: target) else {
                    refuse(change, "\(change.entity) \(change.id) would link to \(destination.entity.name) \(id), which is outside this client's scope")
                    return nil
                }
            }
            guard !relationship.isToOne else { continue }
            for target in current where try !mayLink(to: target) {
                let id = try destination.remoteID(of: target)
                if !sentKeys.contains(try destination.identityKey(ofRemoteID: id)) { values[relationship.foreignKey] = (values[relationship.foreignKey] as? [Any] ?? []) + [id] }
            }
        }
        return ReplicationChange(entity: change.entity, id: change.id, values: values)
    }

    /// Whether deleting the row `change` names keeps its cascades inside the scope; records the
    /// refusal when a delete rule would reach a row outside it.
    private func cascadeStaysInside(_ change: ReplicationChange) throws -> Bool {
        guard let model = try applier.existing(change) else { return true }
        let schema = applier.context.container.schema
        var pending = [model]
        var seen: Set<PersistentIdentifier> = [model.persistentModelID]
        while let row = pending.popLast() {
            for relationship in schema.entitiesByName[row.persistentModelID.entityName]?.relationships ?? [] where relationship.deleteRule == .cascade {
                for child in Self.related(row, at: relationship.keyPath) where !child.isDeleted && seen.insert(child.persistentModelID).inserted {
                    guard try allows(child) else {
                        refuse(change, "deleting \(change.entity) \(change.id) would delete a \(child.persistentModelID.entityName) outside this client's scope (\(relationship.name) cascades)")
                        return false
                    }
                    pending.append(child)
                }
            }
        }
        return true
    }

    /// The rows `model` refers to at `keyPath` (a to-one or a to-many).
    private static func related(_ model: some PersistentModel, at keyPath: AnyKeyPath) -> [any PersistentModel] {
        guard let value = model[keyPath: keyPath] else { return [] }
        if let many = value as? [any PersistentModel] { return many }
        return (unwrappedValue(value) as? any PersistentModel).map { [$0] } ?? []
    }
}
