import StrataCore

/// Rows (snapshots, or positions in a list of them) grouped by entity, entities in order of first appearance.
struct RowsByEntity<Row> {
    private(set) var groups: [(entity: String, rows: [Row])] = []
    private var position: [String: Int] = [:]

    mutating func append(_ row: Row, entity: String) {
        groups[group(of: entity)].rows.append(row)
    }

    /// Adds `rows`, all of one entity.
    mutating func append(contentsOf rows: some Sequence<Row>, entity: String) {
        groups[group(of: entity)].rows.append(contentsOf: rows)
    }

    /// The index of `entity`'s group, added if new.
    private mutating func group(of entity: String) -> Int {
        // Saves insert runs of one entity: compare with the last group before hashing the name.
        if let last = groups.indices.last, groups[last].entity == entity { return last }
        if let index = position[entity] { return index }
        position[entity] = groups.count
        groups.append((entity, []))
        return groups.count - 1
    }
}

extension RowsByEntity<DefaultSnapshot> {
    mutating func append(_ row: DefaultSnapshot) { append(row, entity: row.persistentIdentifier.entityName) }
}
