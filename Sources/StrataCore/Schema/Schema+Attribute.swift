extension Schema {
    /// A persisted value property of an entity.
    public final class Attribute: SchemaProperty, @unchecked Sendable {
        /// Options from `@Attribute(...)`.
        public struct Option: Hashable, Sendable {
            let name: String
            /// The transformer of ``transformable(by:)-(ValueTransformer.Type)``.
            var transformer: TransformerReference? = nil

            /// Inserting a model whose value collides with a stored row updates that row (upsert).
            public static let unique = Option(name: "unique")
            /// Tracked in memory but never written to the store.
            public static let ephemeral = Option(name: "ephemeral")
            /// Accepted for source compatibility; stores keep the value inline.
            public static let externalStorage = Option(name: "externalStorage")
            /// Accepted for source compatibility; no effect on Linux.
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            /// Accepted for source compatibility; no effect on Linux.
            public static let spotlight = Option(name: "spotlight")
            /// Accepted for source compatibility; no effect on Linux.
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")

            /// Stores the `Data` a transformer of this class makes of the value, and reads the value
            /// back with its `reverseTransformedValue(_:)`; predicates and sorts on the attribute
            /// run in memory.
            ///
            /// ```swift
            /// @Attribute(.transformable(by: PaletteTransformer.self)) var palette: Palette?
            /// ```
            public static func transformable(by transformerType: ValueTransformer.Type) -> Option {
                Option(name: "transformable", transformer: TransformerReference(transformerType))
            }

            /// ``transformable(by:)-(ValueTransformer.Type)`` with the transformer registered under
            /// `transformerName` (``ValueTransformer/setValueTransformer(_:forName:)``); a container
            /// whose schema names an unregistered one throws ``SwiftDataError/unsupportedAttributeType``.
            public static func transformable(by transformerName: String) -> Option {
                Option(name: "transformable", transformer: TransformerReference(transformerName))
            }
        }

        public private(set) var name: String
        public let originalName: String
        public let options: [Option]
        public private(set) var valueType: any Any.Type
        public private(set) var keyPath: AnyKeyPath
        public private(set) var defaultValue: Any?
        /// Converts values of ``valueType`` to and from their persisted form; `nil` when unsupported.
        public private(set) var codec: ValueCodec?
        public let hashModifier: String?

        /// The options a `@Attribute(...)` annotation carries; the schema fills in the rest.
        public init(_ options: Option..., originalName: String? = nil, hashModifier: String? = nil) {
            self.name = ""
            self.originalName = originalName ?? ""
            self.options = options
            self.valueType = Never.self
            self.keyPath = \Attribute.name
            self.hashModifier = hashModifier
        }

        init(named name: String, keyPath: AnyKeyPath, valueType: any Any.Type, defaultValue: Any?, codec: ValueCodec?, declared: Attribute?) {
            self.name = name
            self.originalName = declared?.originalName.isEmpty == false ? declared!.originalName : name
            self.options = declared?.options ?? []
            self.valueType = valueType
            self.keyPath = keyPath
            self.defaultValue = defaultValue
            self.codec = codec
            self.hashModifier = declared?.hashModifier
        }

        public var isAttribute: Bool { true }
        public var isRelationship: Bool { false }
        public var isTransient: Bool { options.contains(.ephemeral) }
        public var isOptional: Bool { valueType is any OptionalProtocol.Type }
        public var isUnique: Bool { options.contains(.unique) }
        /// Whether the attribute is stored through a ``ValueTransformer`` (`.transformable(by:)`):
        /// its stored bytes keep neither Swift's equality nor its order.
        public var isTransformable: Bool { transformer != nil }
        /// The transformer `.transformable(by:)` names, if any.
        var transformer: TransformerReference? { options.lazy.compactMap(\.transformer).first }
        /// The column kind for this attribute (``StorageType/codable`` when unsupported).
        public var storageType: StorageType { codec?.storageType ?? .codable }

        public static func == (lhs: Attribute, rhs: Attribute) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
