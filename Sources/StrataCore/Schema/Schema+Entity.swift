extension Schema {
    /// One model type's persisted shape: attributes, relationships, constraints and indices.
    public final class Entity: @unchecked Sendable, Hashable, CustomStringConvertible {
        public let name: String
        /// The `@Model` class this entity describes.
        public let modelType: any PersistentModel.Type
        /// Attributes and relationships, in declaration order.
        public let properties: [any SchemaProperty]
        /// Value properties, in declaration order (SwiftData uses a `Set`; order helps backends).
        public let attributes: [Attribute]
        /// Relationship properties, in declaration order.
        public let relationships: [Relationship]
        public let attributesByName: [String: Attribute]
        public let relationshipsByName: [String: Relationship]
        /// Every group of property names that must be unique together: each `.unique`
        /// attribute on its own, then each `#Unique` group.
        public let uniquenessConstraints: [[String]]
        /// The property names of each `#Index`.
        public let indices: [[String]]
        /// The layout every snapshot of this entity uses.
        public var snapshotLayout: SnapshotLayout { layout.snapshotLayout }
        /// The entity of the `@Model` class this one's class inherits from, if any.
        public internal(set) weak var superentity: Entity?
        /// The entities of the `@Model` classes in the schema that inherit from this one's class directly.
        public internal(set) var subentities: [Entity] = []
        let layout: EntityLayout

        init(layout: EntityLayout, properties: [any SchemaProperty], uniquenessConstraints: [[String]], indices: [[String]]) {
            self.name = layout.entityName
            self.modelType = layout.modelType
            self.layout = layout
            self.properties = properties
            self.attributes = properties.compactMap { $0 as? Attribute }
            self.storedAttributes = attributes.filter { !$0.isTransient }
            self.relationships = properties.compactMap { $0 as? Relationship }
            self.attributesByName = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            self.relationshipsByName = Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            self.uniquenessConstraints = uniquenessConstraints
            self.indices = indices
        }

        /// The attributes a store writes: every attribute except ephemeral ones.
        public let storedAttributes: [Attribute]

        public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        public var description: String { "Entity(\(name))" }
    }
}
