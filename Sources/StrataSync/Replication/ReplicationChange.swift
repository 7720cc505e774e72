import Foundation

/// One row's change as replicas exchange it: the entity, the row's remote id (its ``Syncable``
/// identity, the same on every replica), and either the values to write or a deletion.
///
/// Values are StrataSync's export of the row: attributes under their remote keys, to-one links
/// and many-to-many lists as remote ids (`project_id`, `tag_ids`). An update carries only the
/// properties that changed; a key that is absent leaves the property alone.
public struct ReplicationChange: @unchecked Sendable {
    /// The `Schema` entity name of the row's model.
    public let entity: String
    /// The row's remote id as a JSON scalar (a number or a string).
    public let id: Any
    /// The values to write, or `nil` for a deletion.
    public let values: [String: Any]?

    /// A change of row `id` of `entity`: written with `values`, or deleted when they are `nil`.
    public init(entity: String, id: Any, values: [String: Any]?) {
        self.entity = entity
        self.id = id
        self.values = values
    }

    /// Whether the change deletes the row.
    public var isDeletion: Bool { values == nil }

    /// The change as a JSON object: `{"entity": "Item", "id": 7, "values": {…}}`, or
    /// `{"entity": "Item", "id": 7, "deleted": true}`.
    var json: [String: Any] {
        var object: [String: Any] = ["entity": entity, "id": id]
        if let values { object["values"] = values } else { object["deleted"] = true }
        return object
    }

    /// The change a JSON object describes.
    /// - Throws: ``ReplicationError/Kind/badPayload`` naming what is missing.
    init(json: Any, at index: Int) throws {
        guard let object = json as? [String: Any] else { throw ReplicationError(.badPayload, "changes[\(index)] is not an object") }
        guard let entity = object["entity"] as? String else { throw ReplicationError(.badPayload, "changes[\(index)] has no \"entity\" string") }
        guard let id = object["id"], id is String || id is Int || id is Double else {
            throw ReplicationError(.badPayload, "changes[\(index)] has no \"id\" number or string")
        }
        let deleted = object["deleted"] as? Bool ?? false
        let values = object["values"] as? [String: Any]
        guard deleted != (values != nil) else {
            throw ReplicationError(.badPayload, "changes[\(index)] must have either \"values\" (an object) or \"deleted\": true")
        }
        self.init(entity: entity, id: id, values: values)
    }
}
