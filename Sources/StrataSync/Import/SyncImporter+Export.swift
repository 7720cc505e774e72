import Foundation
import StrataCore

extension SyncImporter {
    /// `models` as JSON objects with the same mapping import reads: attributes under their
    /// remote keys, relationships as `relationships` says. Excluded and non-exported properties are left out;
    /// `nil` is written as `null`.
    /// - Throws: ``SyncError`` when a type's mapping is invalid, or a `Codable` value's encoding error.
    public func exportObjects<Model: Syncable>(_ models: [Model], relationships: SyncExportRelationships = .identifiers) throws
        -> [[String: Any]]
    {
        let mapping = try SyncMapping.of(Model.self, in: container.schema)
        var export = ExportRun(relationships: relationships)
        return try models.map { try export.object(of: $0, mapping, reachedThrough: nil) }
    }

    /// ``exportObjects(_:relationships:)`` as a JSON array, with sorted keys.
    /// - Throws: as ``exportObjects(_:relationships:)``.
    public func exportJSON<Model: Syncable>(_ models: [Model], relationships: SyncExportRelationships = .identifiers) throws -> Data {
        try JSONSerialization.data(withJSONObject: exportObjects(models, relationships: relationships), options: [.sortedKeys])
    }
}

/// One export: the mapping of every model it writes, and the models it is writing the nested
/// objects of, so a cycle ends in an id.
struct ExportRun {
    let relationships: SyncExportRelationships
    /// The models whose objects are being written: the nesting path to the current object.
    private var path: Set<ObjectIdentifier> = []

    init(relationships: SyncExportRelationships) {
        self.relationships = relationships
    }

    /// `model` as a JSON object. `inverse` is the relationship of `model` that leads back to the
    /// object it is nested in: the nesting already says it, so it is left out.
    mutating func object(of model: any PersistentModel, _ mapping: SyncMapping, reachedThrough inverse: String?) throws -> [String: Any] {
        var object: [String: Any] = [:]
        for attribute in mapping.attributes where attribute.isExported {
            Self.write(try SyncCoercion.json(attribute.access.get(model)), at: attribute.remotePath?[...] ?? [attribute.remoteKey], into: &object)
        }
        path.insert(ObjectIdentifier(model))
        defer { path.remove(ObjectIdentifier(model)) }
        for relationship in mapping.relationships where relationship.isExported && relationship.name != inverse {
            let destination = try SyncMapping.of(relationship.destination, in: mapping.schema)
            let value = relationship.access.get(model)
            let targets = relationship.isToOne ? [unwrappedValue(value) as? any PersistentModel].compactMap { $0 } : value as? [any PersistentModel] ?? []
            if relationships == .nested, !targets.contains(where: { path.contains(ObjectIdentifier($0)) }) {
                let nested = try targets.map { try self.object(of: $0, destination, reachedThrough: relationship.inverseName) }
                object[relationship.nestedKey] = relationship.isToOne ? nested.first ?? NSNull() : nested
            } else {
                let ids = try targets.map { try SyncCoercion.json(destination.identity.access.get($0)) }
                object[relationship.foreignKey] = relationship.isToOne ? ids.first ?? NSNull() : ids
            }
        }
        return object
    }

    /// Writes `value` under `path` in `object`, through the nested objects its keys name
    /// (created when absent): a nested remote key (`status.id`) is written back nested.
    static func write(_ value: Any, at path: ArraySlice<String>, into object: inout [String: Any]) {
        guard let key = path.first else { return }
        guard path.count > 1 else {
            object[key] = value
            return
        }
        var inner = object[key] as? [String: Any] ?? [:]
        write(value, at: path.dropFirst(), into: &inner)
        object[key] = inner
    }
}
