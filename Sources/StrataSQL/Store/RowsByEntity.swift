import StrataCore

/// Rows (snapshots, or positions in a list of them) grouped by entity, entities in order of first appearance.
struct RowsByEntity<Row> {
    private(set) var groups: [(entity: String, rows: [Row])] = []
    private var position: [String: Int] = [:]

    mutating func append(_ row: Row, entity: String) {
        // Saves insert runs of one entity: compare with the last group before hashing the name.
        if let last = groups.indices.last, groups[last].entity == entity {
            groups[last].rows.append(row)
        } else if let index = position[entity] {
            groups[index].rows.append(row)
        } else {
            position[entity] = groups.count
            groups.append((entity, [row]))
        }
    }
}

extension RowsByEntity<DefaultSnapshot> {
    mutating func append(_ row: DefaultSnapshot) { append(row, entity: row.persistentIdentifier.entityName) }
}
