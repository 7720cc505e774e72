extension DefaultSnapshot {
    /// The row an insert writes when it upserts onto `stored`, the row with the same unique
    /// values: this snapshot, each of whose to-many relationships also keeps the models `stored`
    /// lists. An upsert adds to a to-many relationship and never removes from it; attributes and
    /// to-one relationships are the inserted model's (semantics rule 18).
    ///
    /// ```swift
    /// let row = inserted.upserting(onto: storedRow)   // storedRow's members + inserted's members
    /// ```
    public func upserting(onto stored: DefaultSnapshot) -> DefaultSnapshot {
        var merged = self
        for (index, name) in layout.propertyNames.enumerated() {
            guard case .identifiers(let inserted)? = values[index], case .identifiers(let kept)? = stored.value(forProperty: name) else { continue }
            let alreadyKept = Set(kept)
            merged[name] = .identifiers(kept + inserted.filter { !alreadyKept.contains($0) })
        }
        return merged
    }
}

extension DefaultSnapshot {
    /// For a store that keeps both sides of a relationship in its rows: the rows of `rows` that
    /// still list this upserted row in the inverse of one of its to-one relationships although
    /// that relationship now names another model (or none), rewritten without it. The context
    /// that inserted the model never loaded the model it named before, so it could not unlink
    /// it. Write each returned row back.
    /// - Parameter rows: the stored rows of an entity, by entity name.
    public func staleInverseRows(in schema: Schema, rows: (String) -> [DefaultSnapshot]) -> [DefaultSnapshot] {
        guard let entity = schema.entitiesByName[persistentIdentifier.entityName] else { return [] }
        var rewritten: [DefaultSnapshot] = []
        for relationship in entity.relationships where relationship.isToOneRelationship {
            guard let inverseName = relationship.inverseName,
                let inverse = schema.entitiesByName[relationship.destination]?.relationshipsByName[inverseName]
            else { continue }
            let target = Self.identifiers(in: self[relationship.name]).first
            for var row in rows(relationship.destination) where row.persistentIdentifier != target {
                let listed = Self.identifiers(in: row[inverseName])
                guard listed.contains(persistentIdentifier) else { continue }
                let kept = listed.filter { $0 != persistentIdentifier }
                row[inverseName] = inverse.isToOneRelationship ? (kept.first.map(PersistentValue.identifier) ?? .null) : .identifiers(kept)
                rewritten.append(row)
            }
        }
        return rewritten
    }

    private static func identifiers(in value: PersistentValue?) -> [PersistentIdentifier] {
        switch value {
        case .identifier(let identifier)?: [identifier]
        case .identifiers(let identifiers)?: identifiers
        default: []
        }
    }
}
