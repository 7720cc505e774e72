/// What changed between two versions of a schema, with each new entity and property paired
/// with the one it came from: by name, or by `originalName` for a rename.
///
/// Stores build their migration steps from it; it checks the changes every store refuses.
public struct SchemaChanges: @unchecked Sendable {
    /// A new entity and the entity of the old version it continues, if any.
    public struct EntityChange: @unchecked Sendable {
        /// The entity in the old version; `nil` for a new entity.
        public let old: Schema.Entity?
        /// The entity in the new version.
        public let new: Schema.Entity

        /// The old attribute a new one continues: the one named like its `originalName`, else
        /// like itself; `nil` for a new attribute.
        public func source(of attribute: Schema.Attribute) -> Schema.Attribute? {
            guard let old else { return nil }
            return old.attributesByName[attribute.originalName].flatMap { $0.isTransient ? nil : $0 }
                ?? old.attributesByName[attribute.name].flatMap { $0.isTransient ? nil : $0 }
        }

        /// The old relationship a new one continues; `nil` for a new relationship.
        public func source(of relationship: Schema.Relationship) -> Schema.Relationship? {
            guard let old else { return nil }
            return old.relationshipsByName[relationship.originalName] ?? old.relationshipsByName[relationship.name]
        }

        /// Whether anything the store keeps changed: a renamed entity, or any property added,
        /// removed, renamed or converted, a changed constraint or index.
        public var isUnchanged: Bool {
            guard let old, old.name == new.name else { return false }
            return old.fingerprintText == new.fingerprintText
        }
    }

    /// The schema before.
    public let from: Schema
    /// The schema after.
    public let to: Schema
    /// One change per entity of ``to``, in its order.
    public let entities: [EntityChange]
    /// The entities of ``from`` no entity of ``to`` continues; their rows are dropped.
    public let removedEntities: [Schema.Entity]

    /// Pairs the two versions' entities and properties.
    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every change no lightweight stage
    ///   can make: a new attribute that is neither optional nor defaulted, or a type change
    ///   outside ``convertibleStorage``.
    public init(from: Schema, to: Schema) throws {
        self.from = from
        self.to = to
        let entities = to.entities.map { entity in
            EntityChange(old: from.entitiesByName[entity.originalName] ?? from.entitiesByName[entity.name], new: entity)
        }
        let continued = Set(entities.compactMap { $0.old?.name })
        self.entities = entities
        self.removedEntities = from.entities.filter { !continued.contains($0.name) }
        var problems: [String] = []
        for change in entities {
            for attribute in change.new.storedAttributes {
                guard let source = change.source(of: attribute) else {
                    if change.old != nil, !attribute.isOptional, attribute.defaultValue == nil {
                        problems.append("\(change.new.name).\(attribute.name) is new, and it is neither optional nor defaulted")
                    }
                    continue
                }
                if !Self.canConvert(source.storageType, to: attribute.storageType) {
                    problems.append("\(change.new.name).\(attribute.name) changes type from \(source.storageType) to \(attribute.storageType); copy it in a custom stage")
                }
            }
        }
        guard problems.isEmpty else {
            throw SwiftDataError.schemaMismatch.with(
                "a lightweight migration from \(from.version) to \(to.version) cannot make these changes:\n- " + problems.joined(separator: "\n- "))
        }
    }

    /// The storage conversions a lightweight stage makes, old to new; any other type change
    /// needs a custom stage. Integer widths share one storage, so they convert freely.
    public static let convertibleStorage: [StorageType: Set<StorageType>] = [
        .bool: [.integer],
        .integer: [.double],
    ]

    /// Whether a lightweight stage can turn values stored as `old` into `new`.
    public static func canConvert(_ old: StorageType, to new: StorageType) -> Bool {
        old == new || convertibleStorage[old]?.contains(new) == true
    }
}

extension Schema.Entity {
    /// The entity's persisted shape as text, for comparing two versions of it.
    var fingerprintText: String {
        let attributes = storedAttributes.map { "\($0.name):\($0.storageType):\($0.isOptional)" }
        let relationships = relationships.map { "\($0.name):\($0.destination):\($0.isToOneRelationship):\($0.inverseName ?? "")" }
        return "\(attributes)|\(relationships)|\(uniquenessConstraints)|\(indices)"
    }
}
