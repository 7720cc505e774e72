import Foundation
import StrataCore

extension ImportSession {
    /// Links every relationship `object` has a key for, by nested object or by foreign key;
    /// `true` when a link changed. Absent keys leave a relationship alone; `null` clears a
    /// to-one, `null` or `[]` clears a to-many. An object giving both must name the same models
    /// under both; the nested objects are then applied. The relationship to `parent` (the
    /// import's parent of a type with global ids) is set to it whatever the object gives; what
    /// it gives must name the same parent.
    func applyRelationships(
        _ object: [String: Any], _ mapping: SyncMapping, to model: any PersistentModel, isNew: Bool, linkingTo parent: ImportParent?, at place: PayloadPlace
    ) throws -> Bool {
        var changed = false
        for relationship in mapping.relationships where relationship !== mapping.scope {
            let reference = try place.value(in: object, key: relationship.foreignKey, alternate: relationship.pluralForeignKey, of: relationship.name)
            let nested = object[relationship.nestedKey].map { (key: relationship.nestedKey, value: $0) }
            if let parent, relationship.name == parent.relationship.name {
                changed = try link(parent.model, given: nested ?? reference, nested: nested != nil, relationship, of: model, isNew: isNew, at: place) || changed
            } else if let nested {
                changed = try link(nested, nested: true, agreeing: reference, relationship, of: model, isNew: isNew, at: place) || changed
            } else if let reference {
                changed = try link(reference, nested: false, agreeing: nil, relationship, of: model, isNew: isNew, at: place) || changed
            }
        }
        return changed
    }

    /// Sets the to-one `relationship` of `model` to the import's parent `target`.
    /// - Throws: ``SyncError/Kind/conflictingKeys`` when the object `given`s another parent.
    private func link(
        _ target: any PersistentModel, given: (key: String, value: Any)?, nested: Bool, _ relationship: SyncMapping.Relationship,
        of model: any PersistentModel, isNew: Bool, at place: PayloadPlace
    ) throws -> Bool {
        if let given {
            let named = try targets(given, nested: nested, relationship, try mapping(relationship.destination), scope: nil, at: place) ?? []
            guard named.count == 1, named[0].persistentModelID == target.persistentModelID else {
                throw place.error(.conflictingKeys, "\"\(given.key)\" names another \(relationship.name) than the import's parent", key: given.key)
            }
        }
        return setToOne(target, relationship, of: model, isNew: isNew)
    }

    /// Sets `relationship` of `model` (at `place`) from `json`, found under `key`: nested objects
    /// (imported first) or remote ids. A new model has no links to compare with or to diff.
    /// - Parameter reference: the foreign key given beside nested objects, which must name the same models.
    /// - Throws: ``SyncError/Kind/conflictingKeys`` naming the foreign key when it names others.
    private func link(
        _ given: (key: String, value: Any), nested: Bool, agreeing reference: (key: String, value: Any)?, _ relationship: SyncMapping.Relationship,
        of model: any PersistentModel, isNew: Bool, at place: PayloadPlace
    ) throws -> Bool {
        let destination = try mapping(relationship.destination)
        // A child whose identity is scoped by this model's type belongs to this model.
        let owned = destination.scope.map { Schema.entityName(for: $0.destination) == Schema.entityName(for: type(of: model)) } ?? false
        let scope = owned ? model : nil
        // No targets: a to-one's unknown foreign key, ignored by the options, leaves it alone.
        guard let found = try self.targets(given, nested: nested, relationship, destination, scope: scope, at: place) else { return false }
        var targets = ToManySet.distinct(found)
        if let reference {
            let named = try self.targets(reference, nested: false, relationship, destination, scope: scope, at: place) ?? []
            guard Set(named.map(ObjectIdentifier.init)) == Set(targets.map(ObjectIdentifier.init)) else {
                throw place.error(
                    .conflictingKeys, "\"\(given.key)\" and \"\(reference.key)\" name different \(destination.entity.name) models: send one, or agree",
                    key: reference.key)
            }
        }
        if relationship.isToOne { return setToOne(targets.first, relationship, of: model, isNew: isNew) }
        let current = isNew ? [] : (relationship.access.get(model) as? [any PersistentModel]) ?? []
        // Without `.delete` a payload only adds to a to-many: nothing is unlinked or deleted.
        if !relationshipOperations.contains(.delete) { targets = ToManySet.distinct(current + targets) }
        guard !ToManySet.sameMembers(current, targets) else { return false }
        if owned {
            // The parent-scoped diff: children this parent owned that the payload left out are deleted.
            let kept = Set(targets.map(ObjectIdentifier.init))
            for child in current where !kept.contains(ObjectIdentifier(child)) {
                try forget(child, destination)
            }
        }
        relationship.access.set(model, targets)
        return true
    }

    /// Sets the to-one `relationship` of `model` to `target`; `true` when that changed it.
    private func setToOne(_ target: (any PersistentModel)?, _ relationship: SyncMapping.Relationship, of model: any PersistentModel, isNew: Bool) -> Bool {
        let current = isNew ? nil : unwrappedValue(relationship.access.get(model)) as? any PersistentModel
        guard current.map(ObjectIdentifier.init) != target.map(ObjectIdentifier.init) else { return false }
        relationship.access.set(model, target as Any)
        return true
    }

    /// The models `given` names for `relationship` (none for `null`): nested objects, imported
    /// within `scope`, or remote ids resolved within it. Unknown ids the options ignore are left
    /// out; `nil` when a to-one's is.
    private func targets(
        _ given: (key: String, value: Any), nested: Bool, _ relationship: SyncMapping.Relationship, _ destination: SyncMapping,
        scope: (any PersistentModel)?, at place: PayloadPlace
    ) throws -> [any PersistentModel]? {
        let key = given.key
        if isJSONNull(given.value) { return [] }
        if relationship.isToOne {
            guard nested else {
                let target = try referenced(given.value, relationship.destination, at: place, key: key, scope: scope)
                return target.map { [$0] } ?? (unknownReferencesUnlink ? [] : nil)
            }
            guard let object = given.value as? [String: Any] else { throw place.error(.notAnObject, "expected an object", key: key) }
            return [try related(object, destination, scope: scope, at: place.nested(key))]
        }
        guard let elements = given.value as? [Any] else { throw place.error(.typeMismatch, "expected an array", key: key) }
        var targets: [any PersistentModel] = []
        targets.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            if nested {
                guard let object = element as? [String: Any] else { throw place.error(.notAnObject, "expected an object", key: "\(key)[\(position)]") }
                targets.append(try related(object, destination, scope: scope, at: place.nested(key, position: position)))
            } else {
                if let target = try referenced(element, relationship.destination, at: place, key: "\(key)[\(position)]", scope: scope) { targets.append(target) }
            }
        }
        return targets
    }
}
