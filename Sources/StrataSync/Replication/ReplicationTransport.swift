import Foundation
import StrataCore

/// How a ``ReplicationClient`` reaches its server: an HTTP client in an app
/// (``HTTPReplicationTransport`` in StrataSyncHTTP), or ``LocalReplicationTransport`` in-process.
public protocol ReplicationTransport: Sendable {
    /// The server's changes after `since` (a snapshot when `nil`).
    /// - Throws: ``ReplicationError`` as the server answered it, or `.transport`.
    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage
    /// Sends `batch`; the server applies it once, however often it is sent.
    /// - Throws: ``ReplicationError`` as the server answered it, or `.transport`.
    func push(_ batch: PushBatch) async throws -> PushResult
}

/// A server in the same process, reached through the wire's JSON both ways (as over HTTP), for
/// tests and for apps that replicate between two stores they open themselves.
public struct LocalReplicationTransport<Principal: Sendable>: ReplicationTransport {
    public let server: ReplicationServer<Principal>
    public let principal: Principal

    public init(server: ReplicationServer<Principal>, principal: Principal) {
        self.server = server
        self.principal = principal
    }

    public func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try ChangePage(jsonData: server.changes(since: since, for: principal, client: client, schema: schema).jsonData())
    }

    public func push(_ batch: PushBatch) async throws -> PushResult {
        try PushResult(jsonData: server.push(PushBatch(jsonData: batch.jsonData()), for: principal).jsonData())
    }
}
