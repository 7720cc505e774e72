import Synchronization

/// Where a relationship points and whether it holds one model or many.
struct RelationshipTarget: @unchecked Sendable {
    let destination: any PersistentModel.Type
    let isToOne: Bool
}

/// How one stored property of a model type is kept, derived from its Swift type.
enum PropertyKind: @unchecked Sendable {
    /// A value property; `nil` codec means the type cannot be persisted.
    case attribute(ValueCodec?)
    case relationship(RelationshipTarget)

    init(classifying type: Any.Type) {
        if let model = type as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: true))
        } else if let optional = type as? any OptionalProtocol.Type, let model = optional.wrappedType as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: true))
        } else if let array = type as? any ArrayProtocol.Type, let model = array.elementType as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: false))
        } else {
            self = .attribute(ValueCodec.forType(type))
        }
    }
}

/// The per-type table of a model's stored properties, built once from `schemaMetadata`.
///
/// Slot `i` of a model's backing data and of a ``DefaultSnapshot`` built for it holds property `i`.
final class EntityLayout: @unchecked Sendable {
    struct Property {
        let name: String
        let keyPath: AnyKeyPath
        let valueType: Any.Type
        let kind: PropertyKind
        let defaultValue: Any?
        let declared: (any SchemaProperty)?

        var isEphemeral: Bool { (declared as? Schema.Attribute)?.isTransient ?? false }
        var codec: ValueCodec? {
            if case .attribute(let codec) = kind { return codec }
            return nil
        }
        var relationshipTarget: RelationshipTarget? {
            if case .relationship(let target) = kind { return target }
            return nil
        }
    }

    let entityName: String
    let modelType: any PersistentModel.Type
    let properties: [Property]
    let indexByKeyPath: [AnyKeyPath: Int]
    let snapshotLayout: SnapshotLayout
    let relationshipIndices: [Int]
    /// Per slot: whether it is a relationship (read on every property access, so kept flat).
    let isRelationship: ContiguousArray<Bool>
    /// Per slot: the attribute's codec (`nil` for relationships and unsupported types).
    let codecs: ContiguousArray<ValueCodec?>

    private init<Model: PersistentModel>(_ type: Model.Type) {
        entityName = Schema.entityName(for: type)
        modelType = type
        let properties = Model.schemaMetadata.map { metadata in
            let valueType = Swift.type(of: metadata.keypath).valueType
            return Property(
                name: metadata.name, keyPath: metadata.keypath, valueType: valueType,
                kind: PropertyKind(classifying: valueType), defaultValue: metadata.defaultValue, declared: metadata.metadata)
        }
        self.properties = properties
        indexByKeyPath = Dictionary(properties.enumerated().map { ($1.keyPath, $0) }, uniquingKeysWith: { first, _ in first })
        snapshotLayout = SnapshotLayout(propertyNames: properties.map(\.name))
        relationshipIndices = properties.indices.filter { properties[$0].relationshipTarget != nil }
        isRelationship = ContiguousArray(properties.map { $0.relationshipTarget != nil })
        codecs = ContiguousArray(properties.map(\.codec))
    }

    /// The layout of `type`, built on first use and shared afterwards.
    static func of<Model: PersistentModel>(_ type: Model.Type) -> EntityLayout {
        let key = ObjectIdentifier(type)
        if let layout = cache.withLock({ $0[key] }) { return layout }
        let layout = EntityLayout(type)
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = layout
            return layout
        }
    }

    static func of(existential type: any PersistentModel.Type) -> EntityLayout {
        func open<Model: PersistentModel>(_ type: Model.Type) -> EntityLayout { of(type) }
        return open(type)
    }

    /// The slot of the property `keyPath` reads.
    func index(of keyPath: AnyKeyPath) -> Int {
        guard let index = indexByKeyPath[keyPath] else {
            preconditionFailure("\(keyPath) is not a persisted property of \(entityName)")
        }
        return index
    }

    private static let cache = Mutex<[ObjectIdentifier: EntityLayout]>([:])
}
