import StrataCore

/// Identifiers grouped by entity, entities in order of first appearance.
struct RowsByEntity {
    private(set) var groups: [(entity: String, identifiers: [PersistentIdentifier])] = []
    private var position: [String: Int] = [:]

    mutating func append(_ identifier: PersistentIdentifier) {
        if let index = position[identifier.entityName] {
            groups[index].identifiers.append(identifier)
        } else {
            position[identifier.entityName] = groups.count
            groups.append((identifier.entityName, [identifier]))
        }
    }
}
