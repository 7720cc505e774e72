import Foundation
import StrataCore

/// Turns history transactions into the changes a replica sends: one per row, in the order of
/// each row's last change, with the row's current values (only the properties that changed,
/// unless it was inserted) or its deletion.
///
/// Values are read when the changes are built, so a row changed twice sends its latest values
/// once; a row deleted after its last recorded change is left to the transaction that deletes it.
struct ChangeCollector {
    let models: ReplicatedModels
    private var rows: [PersistentIdentifier: RowTouch] = [:]
    /// Each deleted row: its remote id, its tombstone's values, what the transactions did to it
    /// before they deleted it, and when.
    private var deletions: [RowIdentity: (id: Any, preserved: [AnyKeyPath: Any], before: RowTouch?, order: Int)] = [:]
    private var order = 0
    /// The names of each model's replicated properties, by entity name, read once.
    private var replicatedNames: [String: Set<String>] = [:]

    /// What the transactions did to one stored row.
    private struct RowTouch {
        var inserted = false
        /// The changed properties' names; `nil` when every property counts.
        var properties: Set<String>? = []
        var order: Int
    }

    init(models: ReplicatedModels) {
        self.models = models
    }

    /// Whether no transaction added touched a replicated row.
    var isEmpty: Bool { rows.isEmpty && deletions.isEmpty }

    /// Adds the changes of `transaction` to the replicated models.
    /// - Throws: ``ReplicationError/Kind/badPayload`` for a tombstone whose id cannot be read.
    mutating func add(_ transaction: DefaultHistoryTransaction) throws {
        for change in transaction.changes {
            let identifier = change.changedPersistentIdentifier
            guard let mapping = models.mappings[identifier.entityName] else { continue }
            order += 1
            switch change {
            case .insert:
                rows[identifier] = RowTouch(inserted: true, properties: nil, order: order)
            case .update(let update):
                var touch = rows[identifier] ?? RowTouch(order: order)
                touch.order = order
                let names = propertyNames(Self.updatedKeyPaths(update), mapping)
                if touch.properties != nil { touch.properties = names.map { touch.properties!.union($0) } }
                rows[identifier] = touch
            case .delete(let delete):
                try recordDeletion(of: identifier, Self.preservedValues(delete), mapping)
            }
        }
    }

    /// Adds the deletions, in `later` transactions, of rows the added transactions changed. Such
    /// a row is gone when the changes are read, so its deletion goes with them, and with what
    /// was done to it before (a change that moved it out of a reader's scope): a page that ends
    /// between the two would otherwise send neither to that reader.
    /// - Throws: ``ReplicationError/Kind/badPayload`` for a tombstone whose id cannot be read.
    mutating func addLaterDeletions(from later: some Sequence<DefaultHistoryTransaction>) throws {
        for transaction in later {
            for change in transaction.changes {
                guard case .delete(let delete) = change, rows[change.changedPersistentIdentifier] != nil,
                    let mapping = models.mappings[change.changedPersistentIdentifier.entityName]
                else { continue }
                order += 1
                try recordDeletion(of: change.changedPersistentIdentifier, Self.preservedValues(delete), mapping)
            }
        }
    }

    private mutating func recordDeletion(of identifier: PersistentIdentifier, _ preserved: [AnyKeyPath: Any], _ mapping: SyncMapping) throws {
        let before = rows.removeValue(forKey: identifier)
        guard let id = Self.preservedID(preserved, mapping) else { return }
        deletions[RowIdentity(entity: mapping.entity.name, id: try mapping.identityKey(ofRemoteID: id))] = (id, preserved, before, order)
    }

    /// The changes `reader` receives, in the order of each row's last change: rows that still
    /// exist with their values, deletions by remote id. A row the reader cannot see is sent as
    /// a deletion when it may have left the reader's scope, and not at all when it never was in
    /// it (inserted since, or its scope's attribute unchanged); a deletion only where it was held.
    /// - Throws: the fetch's error, a value's encoding error.
    func changes(in context: ModelContext, for reader: ChangeReader = .everything) throws -> [ReplicationChange] {
        var ordered: [(order: Int, row: RowIdentity, change: ReplicationChange)] = []
        // The rows under a row that entered or left the reader's scope: their links to it show
        // or hide with it.
        var companions: [(order: Int, row: RowIdentity, change: ReplicationChange)] = []
        let byEntity = Dictionary(grouping: rows.keys, by: \.entityName)
        for (entity, identifiers) in byEntity {
            let mapping = try models.mapping(of: entity)
            for model in try mapping.fetchIdentified(context, identifiers) {
                guard let touch = rows[model.persistentModelID] else { continue }
                let id = try mapping.remoteID(of: model)
                let change: ReplicationChange
                if try reader.sees(model, mapping) {
                    let entered = !touch.inserted && reader.mayHaveEntered(mapping, touch.properties)
                    let properties = touch.inserted || entered ? nil : touch.properties
                    if let properties, properties.isEmpty { continue }
                    change = ReplicationChange(entity: entity, id: id, values: try mapping.replicatedValues(of: model, only: properties, showing: reader.showsLink))
                    if entered { try companions.append(contentsOf: children(of: model, mapping, for: reader, order: touch.order)) }
                } else {
                    // A changed row the reader may not see: deleted there when it may have moved
                    // out of the reader's scope (a replica without it deletes nothing).
                    guard !touch.inserted, reader.mayHaveLeft(mapping, touch.properties) else { continue }
                    change = ReplicationChange(entity: entity, id: id, values: nil)
                    try companions.append(contentsOf: children(of: model, mapping, for: reader, order: touch.order))
                }
                ordered.append((touch.order, RowIdentity(entity: entity, id: try mapping.identityKey(ofRemoteID: id)), change))
            }
        }
        let changed = Set(ordered.map(\.row))
        ordered += companions.filter { !changed.contains($0.row) }
        var live = Set(ordered.map(\.row))
        var deleted: [(order: Int, row: RowIdentity, change: ReplicationChange)] = []
        for (row, deletion) in deletions {
            // Held when deleted, or changed before in a way that may have moved it out of the
            // reader's scope (given to another principal, then deleted).
            let mapping = try models.mapping(of: row.entity)
            let movedOut = deletion.before.map { !$0.inserted && reader.mayHaveLeft(mapping, $0.properties) } ?? false
            guard reader.held(mapping, deletion.preserved) || movedOut else { continue }
            // A row deleted and made again under the same id: the later of the two is sent.
            if live.contains(row), let kept = ordered.firstIndex(where: { $0.row == row }) {
                guard ordered[kept].order < deletion.order else { continue }
                ordered.remove(at: kept)
                live.remove(row)
            }
            deleted.append((deletion.order, row, ReplicationChange(entity: row.entity, id: deletion.id, values: nil)))
        }
        ordered += try remade(deleted, in: context, for: reader)
        return ordered.sorted { $0.order < $1.order }.map(\.change)
    }

    /// The rows under `model` that `reader` sees, as changes at `order`.
    private func children(of model: any PersistentModel, _ mapping: SyncMapping, for reader: ChangeReader, order: Int) throws
        -> [(order: Int, row: RowIdentity, change: ReplicationChange)]
    {
        try reader.children(of: model, mapping, in: models).map { child in
            (order, RowIdentity(entity: child.entity, id: try models.mapping(of: child.entity).identityKey(ofRemoteID: child.id)), child)
        }
    }

    /// `deleted` as the reader receives them, a row stored again since (made again by a
    /// transaction these changes leave out: a later page's, or the reader's own push) as its
    /// current values: a deletion would remove it from a replica that has it as it is now.
    private func remade(
        _ deleted: [(order: Int, row: RowIdentity, change: ReplicationChange)], in context: ModelContext, for reader: ChangeReader
    ) throws -> [(order: Int, row: RowIdentity, change: ReplicationChange)] {
        guard !deleted.isEmpty else { return [] }
        let stored = ChangeApplier(context: context, models: models)
        try stored.prepare(for: deleted.map(\.change))
        return try deleted.map { deletion in
            let change = deletion.change
            let mapping = try models.mapping(of: change.entity)
            guard let model = try stored.existing(change), try reader.sees(model, mapping) else { return deletion }
            return (deletion.order, deletion.row, ReplicationChange(entity: change.entity, id: change.id, values: try mapping.replicatedValues(of: model, showing: reader.showsLink)))
        }
    }

    /// Every row the transactions touched, by remote id: those still stored and those deleted.
    /// A row whose only changes are to properties not replicated (a to-many whose inverse
    /// carries the link) is not counted: nothing of it travels.
    /// - Throws: the fetch's error.
    func touchedRows(in context: ModelContext) throws -> Set<RowIdentity> {
        var touched = Set(deletions.keys)
        let changed = rows.filter { $0.value.properties?.isEmpty != true }.keys
        for (entity, identifiers) in Dictionary(grouping: changed, by: \.entityName) {
            let mapping = try models.mapping(of: entity)
            for model in try mapping.fetchIdentified(context, identifiers) {
                touched.insert(RowIdentity(entity: entity, id: try mapping.identityKey(ofRemoteID: mapping.remoteID(of: model))))
            }
        }
        return touched
    }

    /// The names of the replicated properties among `keyPaths` (a to-many whose inverse carries
    /// the link, or an attribute not exported, leaves nothing to send); `nil` (all) when one is unknown.
    private mutating func propertyNames(_ keyPaths: [AnyKeyPath], _ mapping: SyncMapping) -> Set<String>? {
        guard !keyPaths.isEmpty else { return nil }
        let replicated = replicatedNames[mapping.entity.name] ?? Set(mapping.replicatedAttributes.map(\.name) + mapping.replicatedRelationships.map(\.name))
        replicatedNames[mapping.entity.name] = replicated
        var names: Set<String> = []
        for keyPath in keyPaths {
            guard let name = mapping.entity.propertyName(of: keyPath) else { return nil }
            if replicated.contains(name) { names.insert(name) }
        }
        return names
    }

    /// The remote id a deletion's tombstone preserved, as a JSON scalar.
    private static func preservedID(_ preserved: [AnyKeyPath: Any], _ mapping: SyncMapping) -> Any? {
        guard let keyPath = mapping.entity.attributes.first(where: { $0.name == mapping.identity.name })?.keyPath else { return nil }
        return preserved[keyPath].flatMap { try? SyncCoercion.json($0) }
    }

    private static func updatedKeyPaths<Update: HistoryUpdate>(_ update: Update) -> [AnyKeyPath] {
        update.updatedAttributes.map { $0 as AnyKeyPath }
    }

    /// The values a deletion's tombstone preserved, by key path.
    private static func preservedValues<Delete: HistoryDelete>(_ delete: Delete) -> [AnyKeyPath: Any] {
        var values: [AnyKeyPath: Any] = [:]
        for entry in delete.tombstone { values[entry.keyPath as AnyKeyPath] = entry.value }
        return values
    }
}

extension Schema.Entity {
    /// The name of the attribute or relationship at `keyPath`.
    func propertyName(of keyPath: AnyKeyPath) -> String? {
        attributes.first { $0.keyPath == keyPath }?.name ?? relationships.first { $0.keyPath == keyPath }?.name
    }
}
