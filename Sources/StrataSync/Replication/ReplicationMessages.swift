import Foundation
import StrataCore

/// One page of a pull: changes after the token the client sent, in commit order, and the token
/// to send next.
public struct ChangePage: @unchecked Sendable {
    /// The changes, one per row (its latest values or its deletion).
    public let changes: [ReplicationChange]
    /// The position the page reaches in the server's history: the client's next `since`.
    public let token: DefaultHistoryToken
    /// Whether more changes follow.
    public let hasMore: Bool
    /// Whether the page is a snapshot (every row in scope, sent for a first pull or a resync):
    /// the client then deletes its rows the snapshot leaves out.
    public let isSnapshot: Bool

    /// The page as JSON.
    public func jsonData() throws -> Data {
        try JSONText.data([
            "changes": changes.map(\.json), "token": ReplicationWire.json(token), "hasMore": hasMore, "snapshot": isSnapshot,
        ] as [String: Any])
    }

    /// The page `data` holds.
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    public init(jsonData data: Data) throws {
        let object = try ReplicationWire.object(data)
        changes = try ReplicationWire.changes(object["changes"])
        guard let token = try ReplicationWire.token(object["token"]) else { throw ReplicationError(.badPayload, "the page has no \"token\"") }
        self.token = token
        hasMore = object["hasMore"] as? Bool ?? false
        isSnapshot = object["snapshot"] as? Bool ?? false
    }

    init(changes: [ReplicationChange], token: DefaultHistoryToken, hasMore: Bool, isSnapshot: Bool) {
        self.changes = changes
        self.token = token
        self.hasMore = hasMore
        self.isSnapshot = isSnapshot
    }
}

/// A client's changes since its last push, sent as one batch the server applies once.
public struct PushBatch: @unchecked Sendable {
    /// Chosen by the client; a batch sent again with the same id is applied once.
    public let id: String
    /// The client's name, stable across restarts (its pushes are recorded under it).
    public let client: String
    /// The server token the client last pulled: changes made on the server after it conflict.
    public let base: DefaultHistoryToken?
    /// The client's ``ReplicatedModels/schemaDigest``.
    public let schema: String
    public let changes: [ReplicationChange]
    /// Rows the client asks to be sent as the server has them once the batch is applied: rows
    /// whose pulled changes it left alone because they had local changes not yet pushed.
    public let refresh: [ReplicaRow]
    /// Rows the client deleted whose deletion the server refused: sent as the server has them,
    /// with the rows under them (the client's delete rule removed those too).
    public let restore: [ReplicaRow]

    public init(
        id: String, client: String, base: DefaultHistoryToken?, schema: String, changes: [ReplicationChange], refresh: [ReplicaRow] = [],
        restore: [ReplicaRow] = []
    ) {
        self.id = id
        self.client = client
        self.base = base
        self.schema = schema
        self.changes = changes
        self.refresh = refresh
        self.restore = restore
    }

    /// The batch as JSON.
    public func jsonData() throws -> Data {
        var object: [String: Any] = [
            "id": id, "client": client, "schema": schema, "changes": changes.map(\.json), "refresh": refresh.map(\.json),
        ]
        if let base { object["base"] = ReplicationWire.json(base) }
        if !restore.isEmpty { object["restore"] = restore.map(\.json) }
        return try JSONText.data(object)
    }

    /// The batch `data` holds.
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    public init(jsonData data: Data) throws {
        let object = try ReplicationWire.object(data)
        guard let id = object["id"] as? String, !id.isEmpty else { throw ReplicationError(.badPayload, "the batch has no \"id\" string") }
        guard let client = object["client"] as? String, !client.isEmpty else { throw ReplicationError(.badPayload, "the batch has no \"client\" string") }
        guard let schema = object["schema"] as? String else { throw ReplicationError(.badPayload, "the batch has no \"schema\" digest") }
        let refresh = try (object["refresh"] as? [Any] ?? []).enumerated().map { try ReplicaRow(json: $1, at: $0) }
        let restore = try (object["restore"] as? [Any] ?? []).enumerated().map { try ReplicaRow(json: $1, at: $0, in: "restore") }
        self.init(
            id: id, client: client, base: try ReplicationWire.token(object["base"]), schema: schema, changes: try ReplicationWire.changes(object["changes"]),
            refresh: refresh, restore: restore)
    }
}

/// The server's answer to a push.
public struct PushResult: @unchecked Sendable {
    /// The server's latest token once the batch is applied.
    public let token: DefaultHistoryToken?
    /// How many of the batch's changes were applied.
    public let applied: Int
    /// The rows where the server's side won a conflict (or a merge rewrote them): the client
    /// applies them so it agrees with the server.
    public let corrections: [ReplicationChange]
    /// The changes the server did not apply to a row it no longer has: `rowDeleted` (the policy
    /// kept the deletion; the corrections delete the row) or `wholeRowNeeded` (the policy keeps
    /// the edit, whose values are partial: the client sends the whole row in its next batch).
    public let refused: [RefusedChange]

    /// A push's answer: the server's token after it, how many changes it applied, the rows sent back, the changes refused.
    public init(token: DefaultHistoryToken?, applied: Int, corrections: [ReplicationChange], refused: [RefusedChange] = []) {
        self.token = token
        self.applied = applied
        self.corrections = corrections
        self.refused = refused
    }

    /// The answer as JSON.
    public func jsonData() throws -> Data {
        var object: [String: Any] = ["applied": applied, "corrections": corrections.map(\.json)]
        if let token { object["token"] = ReplicationWire.json(token) }
        if !refused.isEmpty { object["refused"] = refused.map(\.json) }
        return try JSONText.data(object)
    }

    /// The answer `data` holds.
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    public init(jsonData data: Data) throws {
        let object = try ReplicationWire.object(data)
        self.init(
            token: try ReplicationWire.token(object["token"]), applied: object["applied"] as? Int ?? 0, corrections: try ReplicationWire.changes(object["corrections"]),
            refused: try RefusedChange.list(object["refused"]))
    }

    /// This answer with `token` in place of its own.
    func with(token: DefaultHistoryToken) -> PushResult {
        PushResult(token: token, applied: applied, corrections: corrections, refused: refused)
    }
}

/// Reading and writing the protocol's JSON.
public enum ReplicationWire {
    /// `token` as the wire carries it: `{"store": "…", "value": 42}`.
    static func json(_ token: DefaultHistoryToken) -> [String: Any] {
        ["store": token.storeIdentifier, "value": token.tokenValue]
    }

    /// A token as a query parameter: `42@store`.
    public static func text(_ token: DefaultHistoryToken) -> String { "\(token.tokenValue)@\(token.storeIdentifier)" }

    /// The token a query parameter names.
    /// - Throws: ``ReplicationError/Kind/badPayload``.
    public static func token(text: String) throws -> DefaultHistoryToken {
        guard let at = text.firstIndex(of: "@"), let value = Int64(text[..<at]) else {
            throw ReplicationError(.badPayload, "\"\(text)\" is not a token (number@store)")
        }
        return DefaultHistoryToken(storeIdentifier: String(text[text.index(after: at)...]), tokenValue: value)
    }

    static func token(_ json: Any?) throws -> DefaultHistoryToken? {
        guard let json, !(json is NSNull) else { return nil }
        guard let object = json as? [String: Any], let store = object["store"] as? String, let value = object["value"] as? Int else {
            throw ReplicationError(.badPayload, "a token must be {\"store\": string, \"value\": integer}")
        }
        return DefaultHistoryToken(storeIdentifier: store, tokenValue: Int64(value))
    }

    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = (try? JSONReader.value(of: data)) as? [String: Any] else { throw ReplicationError(.badPayload, "the body is not a JSON object") }
        return object
    }

    static func changes(_ json: Any?) throws -> [ReplicationChange] {
        guard let array = json as? [Any] else { throw ReplicationError(.badPayload, "\"changes\" must be an array") }
        return try array.enumerated().map { try ReplicationChange(json: $1, at: $0) }
    }
}
