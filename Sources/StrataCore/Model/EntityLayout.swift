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

    init(classifying type: Any.Type, declared: Schema.Attribute?) {
        if let transformer = declared?.transformer {
            self = .attribute(.transformable(type, by: transformer))
        } else if let model = type as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: true))
        } else if let optional = type as? any OptionalProtocol.Type, let model = optional.wrappedType as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: true))
        } else if let array = type as? any ArrayProtocol.Type, let model = array.elementType as? any PersistentModel.Type {
            self = .relationship(RelationshipTarget(destination: model, isToOne: false))
        } else if let optional = type as? any OptionalProtocol.Type, let array = optional.wrappedType as? any ArrayProtocol.Type,
            let model = array.elementType as? any PersistentModel.Type {
            // `[Model]?` (SwiftData's CloudKit-friendly spelling) is a to-many; nil is stored as empty.
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
    /// One property; a class, so reading it on a hot path copies a reference, not six fields.
    final class Property {
        let name: String
        let keyPath: AnyKeyPath
        let valueType: Any.Type
        let kind: PropertyKind
        let defaultValue: Any?
        let declared: (any SchemaProperty)?
        let isEphemeral: Bool
        let codec: ValueCodec?
        let relationshipTarget: RelationshipTarget?
        /// An unset slot reads as `nil`: the type is optional and declares no default value.
        let readsNilWhenUnset: Bool

        init(_ metadata: Schema.PropertyMetadata) {
            name = metadata.name
            keyPath = metadata.keypath
            valueType = Swift.type(of: metadata.keypath).valueType
            declared = metadata.metadata
            kind = PropertyKind(classifying: valueType, declared: declared as? Schema.Attribute)
            defaultValue = metadata.defaultValue
            isEphemeral = (declared as? Schema.Attribute)?.isTransient ?? false
            switch kind {
            case .attribute(let codec): (self.codec, relationshipTarget) = (codec, nil)
            case .relationship(let target): (codec, relationshipTarget) = (nil, target)
            }
            readsNilWhenUnset = defaultValue == nil && valueType is any OptionalProtocol.Type
        }
    }

    let entityName: String
    /// The origin of the temporary identifiers contexts mint for new models of this entity.
    let temporaryOrigin: PersistentIdentifier.Origin
    let modelType: any PersistentModel.Type
    let properties: [Property]
    let indexByKeyPath: [AnyKeyPath: Int]
    let snapshotLayout: SnapshotLayout
    let relationshipIndices: [Int]
    /// The slots of to-many relationships (what a save sends link changes for).
    let toManyIndices: [Int]
    /// Per slot: whether it is a relationship (read on every property access, so kept flat).
    let isRelationship: ContiguousArray<Bool>
    /// Per slot: the attribute's codec (`nil` for relationships and unsupported types).
    let codecs: ContiguousArray<ValueCodec?>
    /// Per slot: the attribute's type when it is ``_DirectlyStored`` and stored as is (not through a transformer).
    let directTypes: ContiguousArray<(any _DirectlyStored.Type)?>
    /// The slots of ephemeral attributes, which saves leave out (`nil`) and fetched models reset.
    let ephemeralIndices: [Int]
    /// The `@Model` class this one inherits from, if any.
    let supermodelType: (any PersistentModel.Type)?
    /// How many slots the superclasses hold; the class's own properties follow them.
    let inheritedCount: Int

    private init<Model: PersistentModel>(_ type: Model.Type) {
        entityName = Schema.entityName(for: type)
        temporaryOrigin = .of(storeIdentifier: nil, entityName: entityName)
        modelType = type
        let properties = Model.schemaMetadata.map(Property.init)
        self.properties = properties
        ephemeralIndices = properties.indices.filter { properties[$0].isEphemeral }
        supermodelType = Self.supermodel(of: type)
        inheritedCount = supermodelType.map { $0.schemaMetadata.count } ?? 0
        // A subclass's slots continue its superclasses', so their key paths (`\Vehicle.name`, which
        // their accessors and `#Unique` use) name the same slots as the subclass's (`\Car.name`).
        var ancestors: [(AnyKeyPath, Int)] = []
        var ancestor = supermodelType
        while let type = ancestor {
            ancestors += type.schemaMetadata.enumerated().map { ($1.keypath, $0) }
            ancestor = Self.supermodel(of: type)
        }
        indexByKeyPath = Dictionary(
            properties.enumerated().map { ($1.keyPath, $0) } + ancestors, uniquingKeysWith: { first, _ in first })
        snapshotLayout = SnapshotLayout(propertyNames: properties.map(\.name))
        relationshipIndices = properties.indices.filter { properties[$0].relationshipTarget != nil }
        toManyIndices = properties.indices.filter { properties[$0].relationshipTarget?.isToOne == false }
        isRelationship = ContiguousArray(properties.map { $0.relationshipTarget != nil })
        codecs = ContiguousArray(properties.map(\.codec))
        directTypes = ContiguousArray(properties.map { property in
            guard property.codec != nil, (property.declared as? Schema.Attribute)?.isTransformable != true else { return nil }
            return property.valueType as? any _DirectlyStored.Type
        })
    }

    /// The layout of `type`, built on first use and shared afterwards.
    static func of<Model: PersistentModel>(_ type: Model.Type) -> EntityLayout {
        // Every new model asks, mostly for the type asked for last: check that one without the lock.
        if let last = UnsafeRawPointer(bitPattern: lastFound.load(ordering: .acquiring)) {
            let layout = Unmanaged<EntityLayout>.fromOpaque(last).takeUnretainedValue()
            if ObjectIdentifier(layout.modelType) == ObjectIdentifier(type) { return layout }
        }
        let layout = cached(type)
        lastFound.store(UInt(bitPattern: Unmanaged.passUnretained(layout).toOpaque()), ordering: .releasing)
        return layout
    }

    /// The layout of `type` from the cache, built (outside the lock) on first use.
    private static func cached<Model: PersistentModel>(_ type: Model.Type) -> EntityLayout {
        let key = TypeKey(type: ObjectIdentifier(type))
        if let layout = cache.withLock({ $0[key] }) { return layout }
        let layout = EntityLayout(type)
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = layout
            return layout
        }
    }

    /// The `@Model` superclass of `type`, if it has one.
    static func supermodel(of type: any PersistentModel.Type) -> (any PersistentModel.Type)? {
        _getSuperclass(type).flatMap { $0 as? any PersistentModel.Type }
    }

    static func of(existential type: any PersistentModel.Type) -> EntityLayout {
        func open<Model: PersistentModel>(_ type: Model.Type) -> EntityLayout { of(type) }
        return open(type)
    }

    /// Whether `value`, written to property `index`, is the `nil` that property's unset slot reads as.
    func readsNil<Value>(_ value: Value, at index: Int) -> Bool {
        guard properties[index].readsNilWhenUnset else { return false }
        if let direct = directTypes[index] { return direct.persistentValue(of: value).isNull }
        return flattenedOptional(value) == nil
    }

    /// The slot of the property `keyPath` reads.
    func index(of keyPath: AnyKeyPath) -> Int {
        guard let index = indexByKeyPath[keyPath] else {
            preconditionFailure("\(keyPath) is not a persisted property of \(entityName)")
        }
        return index
    }

    private static let cache = Mutex<[TypeKey: EntityLayout]>([:])
    /// The address of the layout ``of(_:)`` returned last, or 0 (the cache keeps every layout
    /// alive for good, so the address stays valid).
    private static let lastFound = Atomic<UInt>(0)

    /// A model type as a cache key, hashed by its metadata address without SipHash: every new
    /// model looks its layout up, and the keys are type metadata, not outside input.
    private struct TypeKey: Hashable {
        let type: ObjectIdentifier

        func _rawHashValue(seed: Int) -> Int {
            Int(bitPattern: (UInt(bitPattern: type) ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15)
        }
    }
}
