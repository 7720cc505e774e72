import Foundation
import StrataCore

/// One import into one context: applies JSON objects to models, keeping an identity index per
/// type so each remote id is looked up once, and counting what it did.
final class ImportSession {
    let context: ModelContext
    private var indexes: [ObjectIdentifier: IdentityIndex] = [:]
    /// The mappings this session used, so a link per object costs no lock.
    private var mappings: [ObjectIdentifier: SyncMapping] = [:]
    private(set) var summary = SyncImportSummary()
    /// The stored models of types with a `syncUpdatedAt` that this import updated: their date is
    /// the payload's own, so it is no reason to leave out another object naming them.
    private(set) var written = Set<ObjectIdentifier>()
    /// What the import may do to related models and links.
    let relationshipOperations: SyncRelationshipOperations
    /// Where the import departs from the strict defaults.
    let options: SyncImportOptions
    /// Whether a to-one's ignored unknown reference clears the link instead of leaving it: a
    /// replica links to a row it does not have only when the row was deleted here, and the link
    /// ends cleared wherever the deletion reaches.
    var unknownReferencesUnlink = false
    /// Whether an object no newer than its model (`syncUpdatedAt`) leaves the model alone
    /// (import rule 15). Replication turns it off: its conflict policy has decided already, and a
    /// correction may carry an older date on purpose.
    var skipsNotNewer = true

    init(context: ModelContext, relationshipOperations: SyncRelationshipOperations = .all, options: SyncImportOptions = SyncImportOptions()) {
        self.context = context
        self.relationshipOperations = relationshipOperations
        self.options = options
    }

    /// The mapping of `type` in the context's schema.
    func mapping(_ type: any Syncable.Type) throws -> SyncMapping {
        if let mapping = mappings[ObjectIdentifier(type)] { return mapping }
        let mapping = try SyncMapping.of(type, in: context.container.schema)
        mappings[ObjectIdentifier(type)] = mapping
        return mapping
    }

    /// The identity index of `mapping`'s type, fetched on first use.
    func index(_ mapping: SyncMapping) throws -> IdentityIndex {
        let key = ObjectIdentifier(mapping)
        if let index = indexes[key] { return index }
        let index = try IdentityIndex(mapping, in: context)
        indexes[key] = index
        summary.storedDuplicates += index.duplicates
        return index
    }

    /// Gives `mapping`'s type a partial index of the stored models with these remote ids (values
    /// of the identity's type), instead of one of every stored model: for imports that touch
    /// few rows of a large table and never ask which rows they left out.
    /// - Throws: the fetch's error.
    func preload(_ mapping: SyncMapping, ids: [Any]) throws {
        let key = ObjectIdentifier(mapping)
        // A scoped type's ids mean nothing without their parents: it keeps a full index.
        guard indexes[key] == nil, mapping.scope == nil else { return }
        let index = try IdentityIndex(mapping, in: context, covering: ids)
        indexes[key] = index
        summary.storedDuplicates += index.duplicates
    }

    /// Inserts or updates the model `object` describes and returns it.
    /// - Parameters:
    ///   - scope: the parent that scopes the identity, when the caller knows it (a nested
    ///     collection's owner, or the import's parent).
    ///   - importParent: the parent of a type with global ids the object is linked to, if any.
    ///   - id: the object's remote id, when the caller has read it already.
    ///   - place: where `object` sits in the payload, for errors.
    ///
    /// An object may name a model the import already wrote (many notes share one owner); its
    /// values are applied over it. ``PayloadRows`` keeps the top level to one object per model.
    /// - Throws: ``SyncError`` naming the element and key.
    @discardableResult
    func apply(
        _ object: [String: Any], _ mapping: SyncMapping, scope: (any PersistentModel)?, linkingTo importParent: ImportParent? = nil, id: RemoteID? = nil,
        at place: PayloadPlace
    ) throws -> any PersistentModel {
        let (id, parent, key) = try locate(object, mapping, scope: scope, id: id, at: place)
        let index = try index(mapping)
        try index.cover(key, id: id)
        let model: any PersistentModel
        let isNew: Bool
        if let existing = index.touch(key) {
            model = existing
            isNew = false
        } else {
            model = mapping.insertNew(context)
            index.add(model, at: key)
            mapping.identity.access.set(model, id)
            if let scopeRelationship = mapping.scope { scopeRelationship.access.set(model, parent as Any) }
            summary.inserted += 1
            isNew = true
        }
        let updatedAt = try payloadUpdatedAt(object, mapping, at: place)
        if !isNew, skipsNotNewer, let updatedAt, leavesAlone(model, mapping, given: updatedAt) {
            summary.notNewer += 1
            return model
        }
        if !isNew, mapping.updatedAt != nil { written.insert(ObjectIdentifier(model)) }
        let changed = try applyAttributes(object, mapping, to: model, isNew: isNew, updatedAt: updatedAt, at: place)
        let linked = try applyRelationships(object, mapping, to: model, isNew: isNew, linkingTo: importParent, at: place)
        if !isNew, changed || linked { summary.updated += 1 }
        return model
    }

    /// The remote id `object` gives (coerced; `known` when the caller has read it), the parent that
    /// scopes it (`scope`, or the one the object names), and the key its model is indexed under.
    /// - Throws: ``SyncError/Kind/missingIdentity`` when the object has no id, or a scoped type's
    ///   object names no parent; ``SyncError/Kind/typeMismatch`` for an id of the wrong type.
    func locate(_ object: [String: Any], _ mapping: SyncMapping, scope: (any PersistentModel)?, id known: RemoteID? = nil, at place: PayloadPlace) throws
        -> (id: Any, parent: (any PersistentModel)?, key: IdentityIndex.Key)
    {
        let id = try known ?? readID(of: object, mapping, at: place)
        let parent = try scope ?? scopeParent(of: object, mapping, at: place)
        return (id: id.value, parent: parent, key: IdentityIndex.Key(scope: parent?.persistentModelID, id: id.persisted))
    }

    /// The remote id `object` gives.
    /// - Throws: as ``locate(_:_:scope:id:at:)``.
    private func readID(of object: [String: Any], _ mapping: SyncMapping, at place: PayloadPlace) throws -> RemoteID {
        let identityKey = mapping.identity.remoteKey
        guard let rawID = try mapping.identity.payloadValue(in: object, at: place)?.value, !isJSONNull(rawID) else {
            throw place.error(.missingIdentity, "no value for the identity key \"\(identityKey)\"", key: identityKey)
        }
        let id = try coerce(rawID, to: mapping.identity, at: place)
        return RemoteID(value: id, persisted: try mapping.identity.codec.encode(id))
    }

    /// Writes every attribute `object` has a key for; `true` when a value changed.
    /// - Parameter updatedAt: the object's `syncUpdatedAt` date, already read.
    private func applyAttributes(
        _ object: [String: Any], _ mapping: SyncMapping, to model: any PersistentModel, isNew: Bool, updatedAt: Date?, at place: PayloadPlace
    ) throws -> Bool {
        var changed = false
        for attribute in mapping.attributes where attribute !== mapping.identity {
            let value: Any
            if let updatedAt, attribute === mapping.updatedAt {
                value = updatedAt  // read already, for the check in apply
            } else {
                guard let (key, json) = try attribute.payloadValue(in: object, at: place) else {
                    if isNew, attribute.isRequired {
                        throw place.error(.missingValue, "a new \(mapping.entity.name) needs a value for \(attribute.name)", key: attribute.remoteKey)
                    }
                    continue
                }
                value = try self.value(of: json, for: attribute, mapping, at: place, key: key)
            }
            if !isNew, try isUnchanged(attribute, of: model, becoming: value) { continue }
            attribute.access.set(model, value)
            changed = true
        }
        return changed
    }

    /// The value `json` (under `key`) gives `attribute`: `null` as the attribute's `nil` (or its
    /// default, when the options say so), else coerced to its type.
    /// - Throws: ``SyncError/Kind/typeMismatch`` when it cannot be one.
    private func value(of json: Any, for attribute: SyncMapping.Attribute, _ mapping: SyncMapping, at place: PayloadPlace, key: String) throws -> Any {
        if isJSONNull(json) {
            guard let none = attribute.access.nilValue ?? (options.nullResetsToDefault ? attribute.defaultValue : nil) else {
                throw place.error(.typeMismatch, "null for \(mapping.entity.name).\(attribute.name), which is not optional", key: key)
            }
            return none
        }
        if options.truncatesFractionalIntegers, attribute.coerce(json) == nil, let truncated = SyncCoercion.truncatedInteger(json, as: attribute.valueType) {
            return truncated
        }
        return try coerce(json, to: attribute, at: place, key: key)
    }

    /// Whether `model` already holds `value` (compared in persisted form, so `1.0` equals `1`).
    private func isUnchanged(_ attribute: SyncMapping.Attribute, of model: any PersistentModel, becoming value: Any) throws -> Bool {
        let old = unwrappedValue(attribute.access.get(model))
        let new = unwrappedValue(value)
        guard let old, let new else { return old == nil && new == nil }
        return try attribute.codec.encode(old) == attribute.codec.encode(new)
    }

    /// `json` as a value of `attribute`'s type.
    /// - Parameter key: the key the value came from (the attribute's remote key unless given).
    func coerce(_ json: Any, to attribute: SyncMapping.Attribute, at place: PayloadPlace, key: String? = nil) throws -> Any {
        guard let value = attribute.coerce(json) else {
            throw place.error(.typeMismatch, "cannot read \(json) as \(attribute.valueType)", key: key ?? attribute.remoteKey)
        }
        return value
    }

    /// The parent an object of a scoped type names through its scope relationship's keys.
    private func scopeParent(of object: [String: Any], _ mapping: SyncMapping, at place: PayloadPlace) throws -> (any PersistentModel)? {
        guard let scope = mapping.scope else { return nil }
        if let nested = object[scope.nestedKey] as? [String: Any] {
            return try apply(nested, self.mapping(scope.destination), scope: nil, at: place.nested(scope.nestedKey))
        }
        guard let reference = object[scope.foreignKey], !isJSONNull(reference) else {
            throw place.error(.missingIdentity, "\(mapping.entity.name) is identified within its \(scope.name): import it with a parent or give \"\(scope.foreignKey)\"", key: scope.foreignKey)
        }
        return try resolve(reference, scope.destination, at: place, key: scope.foreignKey)
    }

    /// The model of `type` whose remote id is `reference`.
    /// - Throws: ``SyncError/Kind/unresolvedReference`` when there is none.
    func resolve(_ reference: Any, _ type: any Syncable.Type, at place: PayloadPlace, key: String, scope: (any PersistentModel)? = nil) throws
        -> any PersistentModel
    {
        let mapping = try mapping(type)
        if options.strictReferenceTypes, !SyncCoercion.hasJSONType(reference, of: mapping.identity.valueType) {
            throw place.error(.typeMismatch, "\(reference) is not of the JSON type of \(mapping.entity.name)'s \(mapping.identity.valueType) ids (strict reference types)", key: key)
        }
        let id = try coerce(reference, to: mapping.identity, at: place, key: key)
        let indexKey = IdentityIndex.Key(scope: mapping.scope == nil ? nil : scope?.persistentModelID, id: try mapping.identity.codec.encode(id))
        let index = try index(mapping)
        try index.cover(indexKey, id: id)
        guard let model = index.model(at: indexKey) else {
            throw place.error(.unresolvedReference, "no \(mapping.entity.name) has remote id \(reference)", key: key)
        }
        return model
    }

    /// The model of `type` whose remote id is `reference`, or `nil` when there is none and the
    /// options ignore unknown references: the error is then reported in the summary instead.
    /// - Throws: as ``resolve(_:_:at:key:scope:)``.
    func referenced(_ reference: Any, _ type: any Syncable.Type, at place: PayloadPlace, key: String, scope: (any PersistentModel)?) throws
        -> (any PersistentModel)?
    {
        do {
            return try resolve(reference, type, at: place, key: key, scope: scope)
        } catch let error as SyncError where error.kind == .unresolvedReference && options.ignoresUnknownReferences {
            summary.ignoredReferences.append(error)
            return nil
        }
    }

    /// Deletes every model of `mapping`'s type that this import did not touch: of a scoped type,
    /// those within `parent` (or without a parent), else those `parent` holds (or all).
    func deleteUntouched(_ mapping: SyncMapping, within parent: ImportParent?) throws {
        let index = try index(mapping)
        let scoped = mapping.scope != nil
        for model in index.untouched(inScope: parent?.model.persistentModelID, scoped: scoped) where scoped || parent?.holds(model) ?? true {
            try forget(model, mapping)
        }
    }

    /// Deletes `model` and drops it from its type's index.
    func forget(_ model: any PersistentModel, _ mapping: SyncMapping) throws {
        if let key = try IdentityIndex.key(of: model, mapping) { try index(mapping).remove(key) }
        context.delete(model)
        summary.deleted += 1
    }
}
