/// Walks model types and their relationships to build a ``Schema``'s entities.
struct SchemaBuilder {
    let types: [any PersistentModel.Type]
    private(set) var entities: [Schema.Entity] = []
    private(set) var problems: [SwiftDataError] = []

    init(types: [any PersistentModel.Type]) {
        self.types = types
    }

    func build() -> (entities: [Schema.Entity], problems: [SwiftDataError]) {
        var builder = self
        builder.discoverEntities()
        builder.linkHierarchies()
        builder.resolveInverses()
        builder.inferInverses()
        return (builder.entities, builder.problems)
    }

    private mutating func discoverEntities() {
        var queue = types
        var seen = Set<ObjectIdentifier>()
        while !queue.isEmpty {
            let type = queue.removeFirst()
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            let entity = makeEntity(EntityLayout.of(existential: type))
            if entities.contains(where: { $0.name == entity.name }) {
                problems.append(SwiftDataError.invalidSchema.with("two model types are both named \(entity.name)", entity: entity.name))
            }
            entities.append(entity)
            queue += entity.relationships.compactMap(\.destinationType)
            // A subclass's table is its root's: the superclass is part of the schema.
            if let supermodel = entity.layout.supermodelType { queue.append(supermodel) }
        }
    }

    /// Sets each entity's superentity and subentities from its class's superclass.
    private func linkHierarchies() {
        let byType = Dictionary(entities.map { (ObjectIdentifier($0.modelType), $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            guard let supermodel = entity.layout.supermodelType, let parent = byType[ObjectIdentifier(supermodel)] else { continue }
            entity.superentity = parent
            parent.subentities.append(entity)
        }
    }

    private mutating func makeEntity(_ layout: EntityLayout) -> Schema.Entity {
        let properties: [any SchemaProperty] = layout.properties.map { property in
            switch property.kind {
            case .attribute(let codec):
                if codec == nil {
                    problems.append(SwiftDataError.unsupportedAttributeType.with(
                        "\(layout.entityName).\(property.name) has type \(String(reflecting: property.valueType)), which Strata cannot persist; use a supported type or mark it @Transient",
                        entity: layout.entityName, property: property.name))
                }
                if property.declared is Schema.Relationship {
                    problems.append(SwiftDataError.invalidSchema.with(
                        "\(layout.entityName).\(property.name) is marked @Relationship but its type is not a model, an optional model or an array of models",
                        entity: layout.entityName, property: property.name))
                }
                if let transformer = (property.declared as? Schema.Attribute)?.transformer, !transformer.isAvailable {
                    problems.append(SwiftDataError.unsupportedAttributeType.with(
                        "\(layout.entityName).\(property.name) is transformable by \(transformer), and there is none; register it with ValueTransformer.setValueTransformer(_:forName:) before creating the container",
                        entity: layout.entityName, property: property.name))
                }
                return Schema.Attribute(
                    named: property.name, keyPath: property.keyPath, valueType: property.valueType,
                    defaultValue: property.defaultValue, codec: codec, declared: property.declared as? Schema.Attribute)
            case .relationship(let target):
                return Schema.Relationship(
                    named: property.name, keyPath: property.keyPath, valueType: property.valueType,
                    target: target, declared: property.declared as? Schema.Relationship)
            }
        }
        let unique = properties.filter { $0.isAttribute && $0.isUnique }.map { [$0.name] }
            + layout.modelType.schemaUniquenessConstraints.map { propertyNames($0, in: layout, for: "#Unique") }
        let indices = layout.modelType.schemaIndices.map { propertyNames($0, in: layout, for: "#Index") }
        return Schema.Entity(layout: layout, properties: properties, uniquenessConstraints: unique, indices: indices)
    }

    /// The property names a `#Unique`/`#Index` group's key paths read.
    private mutating func propertyNames(_ group: [AnyKeyPath], in layout: EntityLayout, for what: String) -> [String] {
        group.compactMap { keyPath in
            if let index = layout.indexByKeyPath[keyPath] { return layout.properties[index].name }
            problems.append(SwiftDataError.invalidSchema.with(
                "\(what) of \(layout.entityName) names \(keyPath), which is not a persisted property", entity: layout.entityName))
            return nil
        }
    }

    /// Pairs each relationship with its inverse, whichever side declared it.
    private mutating func resolveInverses() {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            for relationship in entity.relationships {
                guard let inverseKeyPath = relationship.inverseKeyPath, relationship.inverseName == nil else { continue }
                guard let destination = byName[relationship.destination],
                    let inverse = destination.relationships.first(where: { $0.keyPath == inverseKeyPath })
                else {
                    problems.append(SwiftDataError.invalidSchema.with(
                        "the inverse \(inverseKeyPath) of \(entity.name).\(relationship.name) is not a relationship of \(relationship.destination)",
                        entity: entity.name, property: relationship.name))
                    continue
                }
                relationship.inverseName = inverse.name
                if inverse.inverseName == nil || inverse.inverseName == relationship.name {
                    inverse.inverseName = relationship.name
                    inverse.inverseKeyPath = relationship.keyPath
                }
            }
        }
    }

    /// SwiftData's inference: when the only relationship from one entity to another and the only
    /// one back (two different entities) both lack a declared inverse, they are each other's.
    /// Two relationships between the same pair, or a self-reference, stay one-way unless declared.
    private mutating func inferInverses() {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities {
            for relationship in entity.relationships where relationship.inverseName == nil {
                guard relationship.destination != entity.name, let destination = byName[relationship.destination],
                    entity.relationships.filter({ $0.destination == destination.name }).count == 1
                else { continue }
                let back = destination.relationships.filter { $0.destination == entity.name }
                guard back.count == 1, let inverse = back.first, inverse.inverseName == nil else { continue }
                relationship.inverseName = inverse.name
                relationship.inverseKeyPath = inverse.keyPath
                inverse.inverseName = relationship.name
                inverse.inverseKeyPath = relationship.keyPath
            }
        }
    }
}
