import StrataCore

/// Identifiers grouped by entity, entities in order of first appearance.
struct RowsByEntity {
    private(set) var groups: [(entity: String, identifiers: [PersistentIdentifier])] = []
    private var position: [String: Int] = [:]

    mutating func append(_ identifier: PersistentIdentifier) {
        // Saves insert runs of one entity: compare with the last group before hashing the name.
        if let last = groups.indices.last, groups[last].entity == identifier.entityName {
            groups[last].identifiers.append(identifier)
        } else if let index = position[identifier.entityName] {
            groups[index].identifiers.append(identifier)
        } else {
            position[identifier.entityName] = groups.count
            groups.append((identifier.entityName, [identifier]))
        }
    }
}
