extension Schema.Entity {
    /// The root of the entity's class hierarchy: itself when its class inherits from no `@Model` class.
    public var rootEntity: Schema.Entity {
        var root = self
        while let parent = root.superentity { root = parent }
        return root
    }

    /// The entity and every entity below it, depth first: the entities whose rows a fetch of
    /// this entity returns (`FetchDescriptor<Vehicle>` returns `Car`s too).
    public var selfAndSubentities: [Schema.Entity] {
        [self] + subentities.flatMap(\.selfAndSubentities)
    }

    /// The names of ``selfAndSubentities``.
    public var selfAndSubentityNames: Set<String> {
        Set(selfAndSubentities.map(\.name))
    }

    /// Whether the entity is `other` or inherits from it.
    public func isKind(of other: Schema.Entity) -> Bool {
        var entity: Schema.Entity? = self
        while let current = entity {
            if current === other { return true }
            entity = current.superentity
        }
        return false
    }
}
