import Foundation
import StrataCore

extension SyncImporter {
    /// `models` as JSON objects with the same mapping import reads: attributes under their
    /// remote keys, relationships as the remote ids of the related models (`owner_id`, `tag_ids`).
    /// Excluded properties are left out; `nil` is written as `null`.
    /// - Throws: ``SyncError`` when the type's mapping is invalid, or a `Codable` value's encoding error.
    public func exportObjects<Model: Syncable>(_ models: [Model]) throws -> [[String: Any]] {
        let mapping = try SyncMapping.of(Model.self, in: container.schema)
        return try models.map { try Self.export($0, mapping) }
    }

    /// ``exportObjects(_:)`` as a JSON array, with sorted keys.
    /// - Throws: as ``exportObjects(_:)``.
    public func exportJSON<Model: Syncable>(_ models: [Model]) throws -> Data {
        try JSONSerialization.data(withJSONObject: exportObjects(models), options: [.sortedKeys])
    }

    private static func export(_ model: any PersistentModel, _ mapping: SyncMapping) throws -> [String: Any] {
        var object: [String: Any] = [:]
        for attribute in mapping.attributes {
            object[attribute.remoteKey] = try SyncCoercion.json(attribute.access.get(model))
        }
        for relationship in mapping.relationships {
            let destination = try SyncMapping.of(relationship.destination, in: mapping.schema)
            let value = relationship.access.get(model)
            if relationship.isToOne {
                let target = unwrappedValue(value) as? any PersistentModel
                object[relationship.foreignKey] = try target.map { try SyncCoercion.json(destination.identity.access.get($0)) } ?? NSNull()
            } else {
                let targets = value as? [any PersistentModel] ?? []
                object[relationship.foreignKey] = try targets.map { try SyncCoercion.json(destination.identity.access.get($0)) }
            }
        }
        return object
    }
}
