import Foundation

/// A pushed change the server did not apply, and why: the row, the reason (a
/// ``ReplicationError/Kind``, such as `outOfScope`) and a sentence saying what happened.
///
/// A ``ReplicationClient`` records the refusals it settles (``ReplicationClient/refusals()``),
/// lists them in its ``ReplicationReport`` and takes the server's row in place of its change.
public struct RefusedChange: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The `Schema` entity name of the row's model.
    public let entity: String
    /// The row's remote id as a JSON scalar.
    public let id: Any
    /// Why the change was not applied.
    public let reason: ReplicationError.Kind
    /// What happened, for a person to read.
    public let message: String

    /// A refusal of the change to `entity`'s row `id`, for `reason`, explained by `message`.
    public init(entity: String, id: Any, reason: ReplicationError.Kind, message: String) {
        self.entity = entity
        self.id = id
        self.reason = reason
        self.message = message
    }

    /// The row the refused change named.
    public var row: ReplicaRow { ReplicaRow(entity: entity, id: id) }

    public var description: String { "\(entity) \(id): \(reason): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.row == rhs.row && lhs.reason == rhs.reason && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(row)
        hasher.combine(reason)
    }

    /// The refusal as a JSON object: `{"entity": "Note", "id": "n1", "reason": "outOfScope", "message": "…"}`.
    var json: [String: Any] { ["entity": entity, "id": id, "reason": reason.name, "message": message] }

    /// The refusal a JSON object describes.
    /// - Throws: ``ReplicationError/Kind/badPayload`` naming what is missing.
    init(json: Any, at index: Int) throws {
        let row = try ReplicaRow(json: json, at: index, in: "refused")
        guard let object = json as? [String: Any], let reason = object["reason"] as? String else {
            throw ReplicationError(.badPayload, "refused[\(index)] has no \"reason\" string")
        }
        self.init(entity: row.entity, id: row.id, reason: ReplicationError.Kind(name: reason), message: object["message"] as? String ?? "")
    }

    /// The refusals a JSON array describes (none when `json` is absent).
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    static func list(_ json: Any?) throws -> [RefusedChange] {
        guard let json, !(json is NSNull) else { return [] }
        guard let array = json as? [Any] else { throw ReplicationError(.badPayload, "\"refused\" must be an array") }
        return try array.enumerated().map { try RefusedChange(json: $1, at: $0) }
    }
}
