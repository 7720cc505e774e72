import StrataSync

/// The HTTP form of the replication protocol, shared by ``HTTPReplicationTransport`` and the
/// server routes that answer it (docs/replication.md, "HTTP"), so both sides name the same paths,
/// parameters and statuses.
///
/// - `GET {server}/replication/changes?since=42@store&client=phone-1&schema=9f3a…&limit=500`
///   answers a ``ChangePage`` (`since` absent: a snapshot; `limit` optional).
/// - `POST {server}/replication/batches` with a ``PushBatch`` answers a ``PushResult``.
///
/// A refusal is a ``ReplicationError``'s `json` with the status ``status(of:)`` gives.
public enum ReplicationHTTP {
    /// The path of the pull endpoint, below the server's base URL.
    public static let changesPath = ["replication", "changes"]
    /// The path of the push endpoint, below the server's base URL.
    public static let batchesPath = ["replication", "batches"]

    /// The pull's query parameters.
    public enum Parameter {
        /// The client's token, as ``ReplicationWire/text(_:)`` writes it; absent for a snapshot.
        public static let since = "since"
        /// The client's name.
        public static let client = "client"
        /// The client's ``ReplicatedModels/schemaDigest``.
        public static let schema = "schema"
        /// The most changes a page should hold (optional, a positive integer).
        public static let limit = "limit"
    }

    /// The HTTP status a server answers an error of `kind` with: 400 for a request the protocol
    /// refuses (`badPayload`, `notReplicated`), 401 `unauthorized`, 403 `outOfScope`, 409
    /// `schemaMismatch`, 410 `resyncRequired`, 500 `invalidSetup`; 502 for `transport` and any
    /// kind this version does not know (neither is the client's fault).
    public static func status(of kind: ReplicationError.Kind) -> Int {
        switch kind {
        case .badPayload, .notReplicated: 400
        case .unauthorized: 401
        case .outOfScope: 403
        case .schemaMismatch: 409
        case .resyncRequired: 410
        case .invalidSetup: 500
        default: 502
        }
    }
}

extension ReplicationError.Kind {
    /// The server did not accept the request's credentials (HTTP 401): the app's authentication
    /// hook refused them.
    public static let unauthorized = ReplicationError.Kind(name: "unauthorized")
}
