import Foundation
import StrataCore

extension ImportSession {
    /// Links every relationship `object` has a key for, by nested object or by foreign key;
    /// `true` when a link changed. Absent keys leave a relationship alone; `null` clears a
    /// to-one, `null` or `[]` clears a to-many.
    func applyRelationships(_ object: [String: Any], _ mapping: SyncMapping, to model: any PersistentModel, isNew: Bool, at place: PayloadPlace)
        throws -> Bool
    {
        var changed = false
        for relationship in mapping.relationships where relationship.name != mapping.scope?.name {
            if let nested = object[relationship.nestedKey] {
                changed = try link(nested, relationship, of: model, isNew: isNew, at: place, key: relationship.nestedKey, nested: true) || changed
            } else if let reference = try place.value(
                in: object, key: relationship.foreignKey, alternate: relationship.pluralForeignKey, of: relationship.name)
            {
                changed = try link(reference.value, relationship, of: model, isNew: isNew, at: place, key: reference.key, nested: false) || changed
            }
        }
        return changed
    }

    /// Sets `relationship` of `model` (at `place`) from `json`, found under `key`: nested objects
    /// (imported first) or remote ids. A new model has no links to compare with or to diff.
    private func link(
        _ json: Any, _ relationship: SyncMapping.Relationship, of model: any PersistentModel, isNew: Bool, at place: PayloadPlace, key: String,
        nested: Bool
    ) throws -> Bool {
        let destination = try mapping(relationship.destination)
        // A child whose identity is scoped by this model's type belongs to this model.
        let owned = destination.scope.map { Schema.entityName(for: $0.destination) == Schema.entityName(for: type(of: model)) } ?? false
        if relationship.isToOne {
            var target: (any PersistentModel)?
            if !(json is NSNull) {
                if nested {
                    guard let object = json as? [String: Any] else { throw place.error(.notAnObject, "expected an object", key: key) }
                    target = try apply(object, destination, scope: owned ? model : nil, at: place.nested(key))
                } else {
                    target = try resolve(json, relationship.destination, at: place, key: key, scope: owned ? model : nil)
                }
            }
            let current = isNew ? nil : unwrappedValue(relationship.access.get(model)) as? any PersistentModel
            guard current.map(ObjectIdentifier.init) != target.map(ObjectIdentifier.init) else { return false }
            relationship.access.set(model, target as Any)
            return true
        }
        var targets: [any PersistentModel] = []
        if !(json is NSNull) {
            guard let elements = json as? [Any] else { throw place.error(.typeMismatch, "expected an array", key: key) }
            targets.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                if nested {
                    guard let object = element as? [String: Any] else { throw place.error(.notAnObject, "expected an object", key: "\(key)[\(position)]") }
                    let elementPlace = place.nested(key, position: position)
                    targets.append(try apply(object, destination, scope: owned ? model : nil, at: elementPlace))
                } else {
                    targets.append(try resolve(element, relationship.destination, at: place, key: "\(key)[\(position)]", scope: owned ? model : nil))
                }
            }
        }
        targets = ToManySet.distinct(targets)
        let current = isNew ? [] : (relationship.access.get(model) as? [any PersistentModel]) ?? []
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
}
