extension ModelContext {
    /// Refuses a save in which an inserted or changed model's to-many relationship holds fewer
    /// models than its `minimumModelCount` or more than its `maximumModelCount` (a bound of 0 or
    /// `nil` is no bound, as in SwiftData). Models deleted by the same save do not count.
    /// - Throws: ``SwiftDataError/constraintViolation`` naming the entity, the relationship and
    ///   the count.
    func validateRelationshipCounts(inserted: [PendingInsert], updated: [AnyModelStorage], deleted: [any PersistentModel]) throws {
        let bounds = Self.relationshipCountBounds(of: container.schema)
        guard !bounds.isEmpty else { return }
        let deletedIdentifiers = Set(deleted.map(\.storage.identifier))
        for storage in inserted.map(\.storage) + updated {
            guard let entityBounds = bounds[storage.layout.entityName] else { continue }
            for bound in entityBounds {
                let related = storage.relatedIdentifiers(at: bound.index).filter { !deletedIdentifiers.contains($0) }
                guard let violation = bound.violation(count: related.count) else { continue }
                throw SwiftDataError.constraintViolation.with(
                    "\(storage.layout.entityName).\(bound.name) holds \(related.count) models; \(violation)",
                    entity: storage.layout.entityName, property: bound.name)
            }
        }
    }

    /// The count bounds of every to-many relationship that declares one, by entity name.
    private static func relationshipCountBounds(of schema: Schema) -> [String: [RelationshipCountBound]] {
        var bounds: [String: [RelationshipCountBound]] = [:]
        for entity in schema.entities {
            for relationship in entity.relationships where !relationship.isToOneRelationship {
                let minimum = relationship.minimumModelCount ?? 0, maximum = relationship.maximumModelCount ?? 0
                guard minimum > 0 || maximum > 0, let index = entity.snapshotLayout.index(of: relationship.name) else { continue }
                bounds[entity.name, default: []].append(
                    RelationshipCountBound(name: relationship.name, index: index, minimum: minimum, maximum: maximum))
            }
        }
        return bounds
    }
}

/// `minimumModelCount`/`maximumModelCount` of one to-many relationship; 0 is no bound.
private struct RelationshipCountBound {
    let name: String
    let index: Int
    let minimum: Int
    let maximum: Int

    /// What `count` breaks, or `nil` when it is within the bounds.
    func violation(count: Int) -> String? {
        if minimum > 0 && count < minimum { return "its minimumModelCount is \(minimum)" }
        if maximum > 0 && count > maximum { return "its maximumModelCount is \(maximum)" }
        return nil
    }
}
