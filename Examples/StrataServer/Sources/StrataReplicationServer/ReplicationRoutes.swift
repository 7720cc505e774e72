import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import StrataSync
import StrataSyncHTTP

/// The two replication endpoints (``ReplicationHTTP``) over a ``ReplicationServer``, for any
/// Hummingbird router:
///
/// ```swift
/// let routes = ReplicationRoutes(server: replicationServer) { request, context in
///     try User(bearer: request.headers[.authorization])   // a thrown error answers 401
/// }
/// routes.register(on: router)   // GET /replication/changes, POST /replication/batches
/// ```
///
/// A ``ReplicationError`` is answered with the status ``ReplicationHTTP/status(of:)`` gives and
/// its JSON as the body, so an ``HTTPReplicationTransport`` rethrows it as it was; a request that
/// is not the protocol's (bad JSON, a missing parameter) gets a 400 `badPayload`, never a 500.
/// Any other error (the store's) is thrown on, for the router's error middleware.
///
/// The server's calls block (on the store, and a push on the pushes before it), so they run on
/// `threadPool`, never on a thread of Swift's cooperative pool or NIO's event loops.
public struct ReplicationRoutes<Principal: Sendable, Context: RequestContext>: Sendable {
    /// The engine the routes answer from.
    public let server: ReplicationServer<Principal>
    /// The app's authentication: the principal a request speaks for (its scope); a thrown error answers 401.
    public let authenticate: @Sendable (Request, Context) async throws -> Principal
    /// Where the server's blocking calls run.
    public let threadPool: NIOThreadPool

    /// Routes over `server`, authenticating each request with `authenticate`.
    public init(
        server: ReplicationServer<Principal>, threadPool: NIOThreadPool = .singleton,
        authenticate: @escaping @Sendable (Request, Context) async throws -> Principal
    ) {
        self.server = server
        self.threadPool = threadPool
        self.authenticate = authenticate
    }

    /// Adds `GET replication/changes` and `POST replication/batches` below `router`'s path.
    public func register(on router: some RouterMethods<Context>) {
        router.get(RouterPath(stringLiteral: ReplicationHTTP.changesPath.joined(separator: "/"))) { request, context in
            try await answer(request, context) { principal in
                let query = try PullQuery(request.uri.queryParameters)
                return try await threadPool.runIfActive {
                    try server.changes(since: query.since, for: principal, client: query.client, schema: query.schema, limit: query.limit).jsonData()
                }
            }
        }
        router.post(RouterPath(stringLiteral: ReplicationHTTP.batchesPath.joined(separator: "/"))) { request, context in
            try await answer(request, context) { principal in
                let batch = try PushBatch(jsonData: try await Self.body(of: request, upTo: context.maxUploadSize))
                return try await threadPool.runIfActive { try server.push(batch, for: principal).jsonData() }
            }
        }
    }

    /// Authenticates the request, runs `body` for its principal and answers its JSON with 200, or
    /// the ``ReplicationError`` it throws with that error's status.
    private func answer(_ request: Request, _ context: Context, _ body: (Principal) async throws -> Data) async throws -> Response {
        do {
            let principal: Principal
            do {
                principal = try await authenticate(request, context)
            } catch {
                throw ReplicationError(.unauthorized, "the request's credentials were not accepted")
            }
            return Response.replicationJSON(try await body(principal), status: 200)
        } catch let error as ReplicationError {
            if error.kind == .invalidSetup { context.logger.error("\(request.method) \(request.uri.path) failed: \(error)") }
            return Response.replication(error)
        }
    }

    /// The request's body, at most `limit` bytes.
    /// - Throws: ``ReplicationError/Kind/badPayload`` when it is longer.
    private static func body(of request: Request, upTo limit: Int) async throws -> Data {
        do {
            return Data(try await request.body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ReplicationError(.badPayload, "the batch is larger than \(limit) bytes: push fewer changes at a time")
        }
    }
}
