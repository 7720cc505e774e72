import StrataCore

/// Deletes rows following each relationship's delete rule, then drops every reference left
/// pointing at a deleted row.
struct JSONDeletion {
    let schema: Schema

    /// Deletes `requested` and what `.cascade` reaches from them; returns every deleted identifier.
    /// - Throws: ``SwiftDataError/deleteRuleViolation`` when a `.deny` relationship of a
    ///   deleted row still reaches a row this deletion keeps; `rows` may then be partly changed
    ///   (the caller works on a copy and drops it).
    func apply(_ requested: Set<PersistentIdentifier>, to rows: inout JSONRowSet) throws -> Set<PersistentIdentifier> {
        // 1. The rows to delete: the requested ones and, transitively, their cascades.
        var doomed = Set<PersistentIdentifier>()
        var queue = Array(requested)
        while let identifier = queue.popLast() {
            guard let row = rows[identifier], doomed.insert(identifier).inserted, let entity = schema.entitiesByName[identifier.entityName] else { continue }
            for relationship in entity.relationships where relationship.deleteRule == .cascade {
                queue += related(to: row, through: relationship, in: rows)
            }
        }
        // 2. `.deny`: refused while a related row stays (rows deleted by this save do not count).
        for identifier in doomed {
            let row = rows[identifier]!
            for relationship in schema.entitiesByName[identifier.entityName]!.relationships where relationship.deleteRule == .deny {
                if let blocker = related(to: row, through: relationship, in: rows).first(where: { !doomed.contains($0) }) {
                    throw SwiftDataError.deleteRuleViolation.with(
                        "\(identifier) cannot be deleted: \(relationship.name) still refers to \(blocker) and its delete rule is .deny",
                        entity: identifier.entityName, property: relationship.name)
                }
            }
        }
        // 3. Remove them; `.nullify` and `.noAction` both end with no reference to a deleted row.
        for identifier in doomed { rows.remove(identifier) }
        dropReferences(to: doomed, in: &rows)
        return doomed
    }

    /// The rows `row` reaches through `relationship`. Where the inverse is to-one, the related
    /// rows' own references decide: an update in this save may have moved them elsewhere while
    /// `row` still lists them. Otherwise `row`'s own value counts, plus any row whose inverse
    /// lists `row`.
    private func related(to row: DefaultSnapshot, through relationship: Schema.Relationship, in rows: JSONRowSet) -> [PersistentIdentifier] {
        let inverse = relationship.inverseName.flatMap { schema.entitiesByName[relationship.destination]?.relationshipsByName[$0] }
        var related = inverse?.isToOneRelationship == true ? [] : PersistentValue.identifiers(in: row[relationship.name])
        if let inverse {
            for candidate in rows.rows(of: relationship.destination)
            where PersistentValue.identifiers(in: candidate[inverse.name]).contains(row.persistentIdentifier) && !related.contains(candidate.persistentIdentifier) {
                related.append(candidate.persistentIdentifier)
            }
        }
        return related.filter { rows[$0] != nil }
    }

    private func dropReferences(to deleted: Set<PersistentIdentifier>, in rows: inout JSONRowSet) {
        for var row in rows.all {
            guard let entity = schema.entitiesByName[row.persistentIdentifier.entityName] else { continue }
            var changed = false
            for relationship in entity.relationships {
                let current = PersistentValue.identifiers(in: row[relationship.name])
                guard current.contains(where: deleted.contains) else { continue }
                let kept = current.filter { !deleted.contains($0) }
                row[relationship.name] = relationship.isToOneRelationship ? (kept.first.map(PersistentValue.identifier) ?? .null) : .identifiers(kept)
                changed = true
            }
            if changed { rows.write(row) }
        }
    }
}
