extension Schema {
    /// A property that refers to other models.
    public final class Relationship: SchemaProperty, @unchecked Sendable {
        /// What deleting the owning model does to the models it refers to.
        public enum DeleteRule: String, Hashable, Codable, Sendable {
            /// Remove the deleted model from the related models' inverse (the default).
            case nullify
            /// Delete the related models too.
            case cascade
            /// Refuse the whole save while related models exist.
            case deny
            /// Leave the related models untouched.
            case noAction
        }

        /// Options from `@Relationship(...)`.
        public struct Option: Hashable, Sendable {
            let name: String
            /// Accepted for source compatibility.
            public static let unique = Option(name: "unique")
        }

        public private(set) var name: String
        public let originalName: String
        public let options: [Option]
        public let deleteRule: DeleteRule
        public let minimumModelCount: Int?
        public let maximumModelCount: Int?
        public let hashModifier: String?
        public private(set) var valueType: any Any.Type
        public private(set) var keyPath: AnyKeyPath
        /// The name of the related entity.
        public internal(set) var destination: String
        /// The key path of the inverse relationship, when one was declared on either side.
        public internal(set) var inverseKeyPath: AnyKeyPath?
        /// The name of the inverse relationship on ``destination``.
        public internal(set) var inverseName: String?
        /// Whether the property holds one model (`T` or `T?`) rather than an array.
        public private(set) var isToOneRelationship: Bool
        let destinationType: (any PersistentModel.Type)?

        /// The options a `@Relationship(...)` annotation carries; the schema fills in the rest.
        public init(
            _ options: Option..., deleteRule: DeleteRule = .nullify, minimumModelCount: Int? = 0,
            maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
            hashModifier: String? = nil
        ) {
            self.name = ""
            self.originalName = originalName ?? ""
            self.options = options
            self.deleteRule = deleteRule
            self.minimumModelCount = minimumModelCount
            self.maximumModelCount = maximumModelCount
            self.hashModifier = hashModifier
            self.valueType = Never.self
            self.keyPath = \Relationship.name
            self.destination = ""
            self.inverseKeyPath = inverse
            self.isToOneRelationship = false
            self.destinationType = nil
        }

        init(named name: String, keyPath: AnyKeyPath, valueType: any Any.Type, target: RelationshipTarget, declared: Relationship?) {
            self.name = name
            self.originalName = declared?.originalName.isEmpty == false ? declared!.originalName : name
            self.options = declared?.options ?? []
            self.deleteRule = declared?.deleteRule ?? .nullify
            self.minimumModelCount = declared?.minimumModelCount
            self.maximumModelCount = declared?.maximumModelCount
            self.hashModifier = declared?.hashModifier
            self.valueType = valueType
            self.keyPath = keyPath
            self.destination = Schema.entityName(for: target.destination)
            self.destinationType = target.destination
            self.inverseKeyPath = declared?.inverseKeyPath
            self.isToOneRelationship = target.isToOne
        }

        public var isAttribute: Bool { false }
        public var isRelationship: Bool { true }
        public var isTransient: Bool { false }
        public var isOptional: Bool { !isToOneRelationship || valueType is any OptionalProtocol.Type }
        public var isUnique: Bool { options.contains(.unique) }

        public static func == (lhs: Relationship, rhs: Relationship) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
