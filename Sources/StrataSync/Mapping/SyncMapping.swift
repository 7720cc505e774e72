import StrataCore
import Synchronization

/// How one ``Syncable`` type maps onto JSON: its remote keys, identity and accessors, derived
/// once per type from its `Schema` entity and the type's overrides.
final class SyncMapping: @unchecked Sendable {
    /// Kept so the cache key's schema address is never reused while the entry exists.
    let schema: Schema
    let entity: Schema.Entity
    let modelType: any Syncable.Type
    let attributes: [Attribute]
    let relationships: [Relationship]
    let identity: Attribute
    /// The to-one relationship that scopes identity, if any.
    let scope: Relationship?
    /// The `Date` attribute an object must be later in to be applied (`syncUpdatedAt`), if any.
    let updatedAt: Attribute?
    /// Every fetched model of the type.
    let fetchAll: (ModelContext) throws -> [any PersistentModel]
    /// A new model with no values, inserted into the context.
    let insertNew: (ModelContext) -> any PersistentModel
    /// The stored models whose remote id is one of the given ones (values of the identity's
    /// type); `nil` when that type cannot be fetched by value (``RemoteIDFetch``).
    let fetchByRemoteID: (ModelContext, [Any]) throws -> [any PersistentModel]?

    private init<Model: Syncable>(_ type: Model.Type, schema: Schema) throws {
        guard let entity = schema.entity(for: type) else { throw SyncError.notInSchema(Schema.entityName(for: type)) }
        self.schema = schema
        self.entity = entity
        modelType = type
        let style = Model.syncKeyStyle
        let excluded = Set(Model.syncExcludedProperties.map { $0 as AnyKeyPath })
        let notExported = Set(Model.syncNonExportedProperties.map { $0 as AnyKeyPath })
        let overrides = Dictionary(uniqueKeysWithValues: Model.syncRemoteKeys.map { ($0.key as AnyKeyPath, $0.value) })
        let identityPath = Model.syncIdentity.map { $0 as AnyKeyPath }
        let updatedAtPath = Model.syncUpdatedAt.map { $0 as AnyKeyPath }
        var attributes: [Attribute] = []
        var identity: Attribute?
        var updatedAt: Attribute?
        for attribute in entity.attributes where !excluded.contains(attribute.keyPath) || attribute.keyPath == identityPath {
            guard let codec = ValueCodec.forType(unwrappedType(attribute.valueType)) else { continue }
            let isIdentity = attribute.keyPath == identityPath
            let remoteKey = overrides[attribute.keyPath] ?? (isIdentity ? "id" : style.remoteKey(for: attribute.name))
            let mapped = Attribute(
                name: attribute.name,
                remoteKey: remoteKey,
                alternateKey: isIdentity || overrides[attribute.keyPath] != nil || remoteKey == attribute.name ? nil : attribute.name,
                remotePath: remoteKey.contains(".") ? remoteKey.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : nil,
                valueType: unwrappedType(attribute.valueType),
                isRequired: !attribute.isOptional && attribute.defaultValue == nil,
                defaultValue: attribute.defaultValue,
                codec: codec,
                coerce: SyncCoercion.coercer(for: unwrappedType(attribute.valueType)),
                access: PropertyAccess.make(attribute.keyPath, of: type, valueType: attribute.valueType),
                isExported: !notExported.contains(attribute.keyPath))
            if isIdentity { identity = mapped }
            if attribute.keyPath == updatedAtPath, !isIdentity, mapped.valueType == Date.self { updatedAt = mapped }
            attributes.append(mapped)
        }
        guard let identity else { throw SyncError.noIdentity(entity.name) }
        if updatedAtPath != nil, updatedAt == nil { throw SyncError.invalidUpdatedAt(entity.name) }
        self.identity = identity
        self.updatedAt = updatedAt
        self.attributes = attributes
        let scopePath = Model.syncIdentityScope.map { $0 as AnyKeyPath }
        var relationships: [Relationship] = []
        var scope: Relationship?
        for relationship in entity.relationships where !excluded.contains(relationship.keyPath) || relationship.keyPath == scopePath {
            guard let destination = schema.entitiesByName[relationship.destination]?.modelType as? any Syncable.Type else {
                if relationship.keyPath == scopePath { throw SyncError.notSyncable(relationship.destination) }
                continue
            }
            let nestedKey = overrides[relationship.keyPath] ?? style.remoteKey(for: relationship.name)
            guard !nestedKey.contains(".") else {
                throw SyncError(
                    .unsupportedRemoteKey,
                    "\(entity.name).\(relationship.name) has the remote key \"\(nestedKey)\": a dotted path is read for attributes only; map the relationship to a plain key")
            }
            let foreignKey = style.foreignKey(for: nestedKey, toMany: !relationship.isToOneRelationship)
            let pluralForeignKey = style.pluralForeignKey(for: nestedKey)
            let mapped = Relationship(
                name: relationship.name, nestedKey: nestedKey, foreignKey: foreignKey,
                pluralForeignKey: relationship.isToOneRelationship || pluralForeignKey == foreignKey ? nil : pluralForeignKey,
                isToOne: relationship.isToOneRelationship, destination: destination, inverseName: relationship.inverseName,
                access: PropertyAccess.make(relationship.keyPath, of: type, valueType: relationship.valueType),
                isExported: !notExported.contains(relationship.keyPath))
            if relationship.keyPath == scopePath { scope = mapped }
            relationships.append(mapped)
        }
        if scopePath != nil, scope?.isToOne != true { throw SyncError.invalidScope(entity.name) }
        self.relationships = relationships
        self.scope = scope
        fetchAll = { try $0.fetch(FetchDescriptor<Model>()) }
        let identityKeyPath = entity.attributes.first { $0.name == identity.name }?.keyPath
        fetchByRemoteID = { context, ids in try identityKeyPath.flatMap { try RemoteIDFetch.models(of: type, at: $0, ids: ids, in: context) } }
        insertNew = { context in
            let model = Model(backingData: Model.createBackingData())
            context.insert(model)
            return model
        }
    }

    /// The mapping of `type` in `schema`, built on first use.
    /// - Throws: ``SyncError`` when the type is not in the schema or its mapping is invalid.
    static func of(_ type: any Syncable.Type, in schema: Schema) throws -> SyncMapping {
        let key = CacheKey(type: ObjectIdentifier(type), schema: ObjectIdentifier(schema))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let mapping = try SyncMapping(type, schema: schema)
        cache.withLock { $0[key] = mapping }
        return mapping
    }

    private struct CacheKey: Hashable {
        let type: ObjectIdentifier
        let schema: ObjectIdentifier
    }

    private static let cache = Mutex<[CacheKey: SyncMapping]>([:])
}
