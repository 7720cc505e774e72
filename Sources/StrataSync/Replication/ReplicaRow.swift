import Foundation

/// A row named the way every replica names it: its entity and its remote id.
public struct ReplicaRow: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The `Schema` entity name of the row's model.
    public let entity: String
    /// The row's remote id as a JSON scalar.
    public let id: Any

    public init(entity: String, id: Any) {
        self.entity = entity
        self.id = id
    }

    var json: [String: Any] { ["entity": entity, "id": id] }

    public var description: String { "\(entity) \(id)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.entity == rhs.entity && "\(lhs.id)" == "\(rhs.id)" }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine("\(id)")
    }

    /// The row a JSON object names, element `index` of the array `array` (for errors).
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    init(json: Any, at index: Int, in array: String = "refresh") throws {
        guard let object = json as? [String: Any], let entity = object["entity"] as? String, let id = object["id"], id is String || id is Int || id is Double else {
            throw ReplicationError(.badPayload, "\(array)[\(index)] must be {\"entity\": string, \"id\": number or string}")
        }
        self.init(entity: entity, id: id)
    }
}
