import StrataCore

/// The uniqueness constraints of one entity (`@Attribute(.unique)`, `#Unique`).
struct JSONUniqueness {
    let entity: Schema.Entity

    /// The values of `constraint` in `row`; `nil` when one of them is nil, because a
    /// constraint with a nil member never collides (as SQL's `UNIQUE` treats NULL).
    static func key(of row: DefaultSnapshot, for constraint: [String]) -> [PersistentValue]? {
        let values = constraint.map { row.value(forProperty: $0) ?? .null }
        return values.contains(where: \.isNull) ? nil : values
    }

    /// A row of `rows` that `row` collides with on some constraint, other than those in `excluded`;
    /// a constraint of a class hierarchy holds across it, so the row may be of another class.
    func collision(of row: DefaultSnapshot, in rows: JSONRowSet, excluding excluded: Set<PersistentIdentifier>) -> PersistentIdentifier? {
        let constraints = entity.uniquenessConstraints
        guard !constraints.isEmpty else { return nil }
        let keys = constraints.map { Self.key(of: row, for: $0) }
        for candidate in rows.rows(of: entity.rootEntity) where !excluded.contains(candidate.persistentIdentifier) {
            for (constraint, key) in zip(constraints, keys)
            where key != nil && constraint.allSatisfy({ candidate.layout.index(of: $0) != nil }) && Self.key(of: candidate, for: constraint) == key {
                return candidate.persistentIdentifier
            }
        }
        return nil
    }
}
