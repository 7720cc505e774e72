/// Why a replication request, push or pull failed. Nothing of a refused batch is applied.
///
/// Match against the static members (`error.kind == .outOfScope`). A server answers each kind
/// with its own HTTP status (docs/replication.md); a client rebuilds the error from the answer.
public struct ReplicationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; new kinds never break callers that match on the static members.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as the wire carries it (`"outOfScope"`).
        public let name: String
        /// The request or answer is not what the protocol says: bad JSON, a change without an
        /// id, values that cannot be read as the model's (HTTP 400).
        public static let badPayload = Kind(name: "badPayload")
        /// A change names an entity the server does not replicate (HTTP 400).
        public static let notReplicated = Kind(name: "notReplicated")
        /// A change touches a row outside the principal's scope, or would move a row out of it
        /// (HTTP 403).
        public static let outOfScope = Kind(name: "outOfScope")
        /// Client and server replicate different models or properties: one of them runs another
        /// version of the app (HTTP 409).
        public static let schemaMismatch = Kind(name: "schemaMismatch")
        /// The server's history no longer covers the client's token (trimmed, expired, or
        /// another store's): the client must reread everything in its scope (HTTP 410).
        public static let resyncRequired = Kind(name: "resyncRequired")
        /// A model cannot be replicated as declared (no identity, identity not preserved on
        /// deletion, identity scoped by a parent), or the store keeps no history.
        public static let invalidSetup = Kind(name: "invalidSetup")
        /// The transport failed or the server answered something that is not the protocol.
        public static let transport = Kind(name: "transport")
        /// A reason in ``PushResult/refused``, never thrown: the pushed update's row was deleted
        /// on the server and the conflict policy kept the deletion; the edit is dropped.
        public static let rowDeleted = Kind(name: "rowDeleted")
        /// A reason in ``PushResult/refused``, never thrown: the pushed update's row was deleted
        /// on the server and the policy keeps the edit, but its values are partial; the client
        /// sends the whole row.
        public static let wholeRowNeeded = Kind(name: "wholeRowNeeded")

        /// The kind named `name`; an unknown name from a newer server stays readable.
        public init(name: String) { self.name = name }
        public var description: String { name }
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence that says what went wrong and what to do.
    public let message: String
    /// The changes of a refused batch the server refused, each with its reason (an `outOfScope`
    /// refusal names them all); empty for other errors.
    public let refused: [RefusedChange]

    /// An error of `kind` saying `message`, naming the `refused` changes of a batch.
    public init(_ kind: Kind, _ message: String, refused: [RefusedChange] = []) {
        self.kind = kind
        self.message = message
        self.refused = refused
    }

    public var description: String { "\(kind): \(message)" }

    /// The error as the wire carries it: `{"error": "outOfScope", "message": "…"}`, with
    /// `"refused": [{"entity", "id", "reason", "message"}, …]` when it names refused changes.
    public var json: [String: Any] {
        var object: [String: Any] = ["error": kind.name, "message": message]
        if !refused.isEmpty { object["refused"] = refused.map(\.json) }
        return object
    }

    /// The error a server's answer carries, if it is one (a malformed `refused` list makes it
    /// a `badPayload` error saying so).
    public init?(json: Any) {
        guard let object = json as? [String: Any], let name = object["error"] as? String else { return nil }
        do {
            self.init(Kind(name: name), object["message"] as? String ?? "", refused: try RefusedChange.list(object["refused"]))
        } catch let error as ReplicationError {
            self = error
        } catch {
            return nil
        }
    }
}
