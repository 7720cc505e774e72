import Foundation
import StrataCore

extension SyncMapping {
    /// `model`'s replicated values as a JSON object: every replicated property, or only those
    /// named in `properties` (the identity always), each under its remote key; links as remote
    /// ids, of the rows `showing` accepts (a to-one to another row reads as `null`).
    /// - Throws: a `Codable` value's encoding error, or `showing`'s.
    func replicatedValues(
        of model: any PersistentModel, only properties: Set<String>? = nil, showing: (any PersistentModel) throws -> Bool = { _ in true }
    ) throws -> [String: Any] {
        var object: [String: Any] = [:]
        for attribute in replicatedAttributes where attribute.name == identity.name || properties?.contains(attribute.name) ?? true {
            ExportRun.write(try SyncCoercion.json(attribute.access.get(model)), at: attribute.remotePath?[...] ?? [attribute.remoteKey], into: &object)
        }
        for relationship in replicatedRelationships where properties?.contains(relationship.name) ?? true {
            let destination = try SyncMapping.of(relationship.destination, in: schema)
            let targets = try relationship.targets(of: model).filter(showing)
            let ids = try targets.map { try SyncCoercion.json(destination.identity.access.get($0)) }
            object[relationship.foreignKey] = relationship.isToOne ? ids.first ?? NSNull() : ids
        }
        return object
    }

    /// `model`'s remote id as a JSON scalar.
    /// - Throws: ``ReplicationError/Kind/badPayload`` when the model has no id.
    func remoteID(of model: any PersistentModel) throws -> Any {
        guard let id = unwrappedValue(identity.access.get(model)) else {
            throw ReplicationError(.badPayload, "a \(entity.name) has no value for its identity \(identity.name)")
        }
        return try SyncCoercion.json(id)
    }

    /// The key a remote id is compared by (`7` and `7.0` the same), as the identity's codec persists it.
    /// - Throws: ``ReplicationError/Kind/badPayload`` when `json` cannot be the identity's type.
    func identityKey(ofRemoteID json: Any) throws -> PersistentValue {
        try identity.codec.encode(coercedID(json))
    }

    /// A remote id as a value of the identity's type.
    /// - Throws: ``ReplicationError/Kind/badPayload`` when `json` cannot be one.
    func coercedID(_ json: Any) throws -> Any {
        guard let id = identity.coerce(json) else {
            throw ReplicationError(.badPayload, "\(json) cannot be a \(entity.name) id (\(identity.valueType))")
        }
        return id
    }
}

extension SyncMapping.Relationship {
    /// The rows `model` links to through this relationship.
    func targets(of model: any PersistentModel) -> [any PersistentModel] {
        let value = access.get(model)
        return isToOne ? [unwrappedValue(value) as? any PersistentModel].compactMap { $0 } : value as? [any PersistentModel] ?? []
    }
}
