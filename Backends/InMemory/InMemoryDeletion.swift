import StrataCore

/// Deletes rows from in-memory tables following each relationship's delete rule.
struct InMemoryDeletion {
    let schema: Schema
    /// Every row the save deletes explicitly; `.deny` does not count references among them or
    /// among the rows their cascades reach.
    let deleting: Set<PersistentIdentifier>

    init(schema: Schema, deleting: Set<PersistentIdentifier>) {
        self.schema = schema
        self.deleting = deleting
    }

    /// Removes the rows and their cascades, refuses `.deny` violations, and drops every
    /// remaining reference to a removed row. Cascades are collected first, so whether a `.deny`
    /// blocks never depends on the order rows are visited in.
    /// - Throws: ``SwiftDataError/deleteRuleViolation``.
    func apply(to tables: inout InMemoryTables) throws {
        guard !deleting.isEmpty else { return }
        let doomed = cascadeClosure(in: tables)
        for identifier in doomed {
            guard let row = tables.row(identifier), let entity = schema.entitiesByName[identifier.entityName] else { continue }
            for relationship in entity.relationships where relationship.deleteRule == .deny {
                if let blocker = relatedRows(of: row, through: relationship, in: tables).first(where: { !doomed.contains($0) }) {
                    throw SwiftDataError.deleteRuleViolation.with(
                        "\(identifier) cannot be deleted: its relationship \(relationship.name) still refers to \(blocker) and its delete rule is .deny",
                        entity: entity.name, property: relationship.name)
                }
            }
        }
        for identifier in doomed { tables.remove(identifier) }
        dropReferences(to: doomed, in: &tables)
    }

    /// The rows being deleted plus every row a `.cascade` rule reaches from them.
    private func cascadeClosure(in tables: InMemoryTables) -> Set<PersistentIdentifier> {
        var doomed = Set<PersistentIdentifier>()
        var queue = Array(deleting)
        while let identifier = queue.popLast() {
            guard let row = tables.row(identifier), doomed.insert(identifier).inserted,
                let entity = schema.entitiesByName[identifier.entityName]
            else { continue }
            for relationship in entity.relationships where relationship.deleteRule == .cascade {
                queue += relatedRows(of: row, through: relationship, in: tables)
            }
        }
        return doomed
    }

    /// The existing rows a relationship of `row` reaches. When the inverse is to-one (one-to-many
    /// and one-to-one), the related rows' own references decide (they are what updates in this
    /// save changed); otherwise the row's value does, joined with the inverse side for many-to-many.
    private func relatedRows(of row: DefaultSnapshot, through relationship: Schema.Relationship, in tables: InMemoryTables) -> [PersistentIdentifier] {
        let inverse = relationship.inverseName.flatMap { schema.entitiesByName[relationship.destination]?.relationshipsByName[$0] }
        var related = inverse?.isToOneRelationship == true ? [] : PersistentValue.identifiers(in: row.value(forProperty: relationship.name))
        if let inverse, inverse.isToOneRelationship || !relationship.isToOneRelationship {
            for candidate in (tables.rows[relationship.destination] ?? [:]).values
            where PersistentValue.identifiers(in: candidate.value(forProperty: inverse.name)).contains(row.persistentIdentifier) && !related.contains(candidate.persistentIdentifier) {
                related.append(candidate.persistentIdentifier)
            }
        }
        return related.filter { tables.row($0) != nil }
    }

    private func dropReferences(to removed: Set<PersistentIdentifier>, in tables: inout InMemoryTables) {
        for entity in schema.entities where !entity.relationships.isEmpty {
            for var row in (tables.rows[entity.name] ?? [:]).values {
                var changed = false
                for relationship in entity.relationships {
                    let current = PersistentValue.identifiers(in: row[relationship.name])
                    guard current.contains(where: removed.contains) else { continue }
                    let kept = current.filter { !removed.contains($0) }
                    row[relationship.name] = relationship.isToOneRelationship ? (kept.first.map(PersistentValue.identifier) ?? .null) : .identifiers(kept)
                    changed = true
                }
                if changed { tables.write(row) }
            }
        }
    }
}
