import StrataCore

/// The rows of an in-memory store: one table per entity, keyed by integer primary key.
struct InMemoryTables {
    var rows: [String: [Int64: DefaultSnapshot]] = [:]
    var nextKey: Int64 = 1
    /// The recorded transactions, oldest first; part of the tables so a save replaces both at once.
    var history: [HistoryRecord] = []
    /// The last history number handed out; never reused, even after its record is deleted.
    var lastHistoryToken: Int64 = 0

    func row(_ identifier: PersistentIdentifier) -> DefaultSnapshot? {
        identifier.primaryKey.integerValue.flatMap { rows[identifier.entityName]?[$0] }
    }

    mutating func write(_ snapshot: DefaultSnapshot) {
        rows[snapshot.persistentIdentifier.entityName, default: [:]][snapshot.persistentIdentifier.primaryKey.integerValue!] = snapshot
    }

    @discardableResult
    mutating func remove(_ identifier: PersistentIdentifier) -> DefaultSnapshot? {
        guard let key = identifier.primaryKey.integerValue else { return nil }
        return rows[identifier.entityName]?.removeValue(forKey: key)
    }

    /// The rows of one entity in insertion order.
    func ordered(_ entityName: String) -> [DefaultSnapshot] {
        (rows[entityName] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    /// The rows of an entity and of every entity below it, in insertion order (keys are minted
    /// across all entities, so they give that order).
    func ordered(_ entity: Schema.Entity) -> [DefaultSnapshot] {
        guard !entity.subentities.isEmpty else { return ordered(entity.name) }
        return entity.selfAndSubentities.flatMap { (rows[$0.name] ?? [:]).map { $0 } }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The values of one uniqueness constraint for a row; `nil` when any of them is nil
    /// (as in SQL, rows with a nil member never collide).
    static func uniqueKey(_ snapshot: DefaultSnapshot, constraint: [String]) -> [PersistentValue]? {
        let values = constraint.map { snapshot.value(forProperty: $0) ?? .null }
        return values.contains(where: \.isNull) ? nil : values
    }

    /// The stored row whose values collide with `snapshot` on a uniqueness constraint. A
    /// constraint declared on a class hierarchy's root holds across the whole hierarchy.
    func uniqueMatch(for snapshot: DefaultSnapshot, entity: Schema.Entity, excluding skipped: Set<PersistentIdentifier>) -> PersistentIdentifier? {
        let hierarchy = entity.superentity == nil && entity.subentities.isEmpty ? [entity] : entity.rootEntity.selfAndSubentities
        for constraint in entity.uniquenessConstraints {
            guard let key = Self.uniqueKey(snapshot, constraint: constraint) else { continue }
            for member in hierarchy where constraint.allSatisfy({ member.snapshotLayout.index(of: $0) != nil }) {
                for row in (rows[member.name] ?? [:]).values where !skipped.contains(row.persistentIdentifier) {
                    if Self.uniqueKey(row, constraint: constraint) == key { return row.persistentIdentifier }
                }
            }
        }
        return nil
    }
}
