import Foundation
import Hummingbird
import HummingbirdTesting
import StrataCore
import StrataSync
import StrataSyncHTTP
import Synchronization
import Testing

/// `HTTPReplicationTransport` against stand-in servers: what it sends, and how every way a
/// request can fail reaches the caller as a typed ``ReplicationError``.
@Suite struct HTTPTransportTests {
    /// A client name, schema and token with characters a query treats specially arrive as sent.
    @Test func pullParametersArriveAsSent() async throws {
        let seen = Recorder()
        let router = Router()
        router.get("base/replication/changes") { request, _ in
            seen.record(request.uri.queryParameters.map { "\($0.key)=\($0.value)" }.sorted())
            return Self.json(#"{"changes": [], "token": {"store": "S", "value": 3}, "hasMore": false}"#)
        }
        try await Self.serve(router).test(.live) { client in
            let transport = HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:\(try #require(client.port))/base")!)
            let token = DefaultHistoryToken(storeIdentifier: "a store@x+&=", tokenValue: 42)
            let page = try await transport.pull(since: token, client: "phone 1&x=y+z/é", schema: "9f3a")
            #expect(page.token == DefaultHistoryToken(storeIdentifier: "S", tokenValue: 3))
            _ = try await transport.pull(since: nil, client: "phone", schema: "9f3a")
            #expect(seen.requests == [
                ["client=phone 1&x=y+z/é", "schema=9f3a", "since=42@a store@x+&="],
                ["client=phone", "schema=9f3a"],
            ])
            #expect(try ReplicationWire.token(text: "42@a store@x+&=") == token)
        }
    }

    /// A refusal in the protocol's JSON is thrown as that error; anything else as `.transport`
    /// naming the status, including a 2xx that is not the protocol's answer.
    @Test func failureAnswersBecomeTypedErrors() async throws {
        let router = Router()
        router.get("gone/replication/changes") { _, _ in Self.json(#"{"error": "resyncRequired", "message": "pull a snapshot"}"#, status: .gone) }
        router.post("proxy/replication/batches") { _, _ in Response(status: .badGateway, body: .init(byteBuffer: ByteBuffer(string: "<html>Bad Gateway</html>"))) }
        router.post("garbage/replication/batches") { _, _ in Self.json(#"{"hello": "world"}"#) }
        router.get("garbage/replication/changes") { _, _ in "not json" }
        try await Self.serve(router).test(.live) { client in
            let port = try #require(client.port)
            func transport(_ path: String) -> HTTPReplicationTransport { HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:\(port)/\(path)")!) }
            let batch = PushBatch(id: "b", client: "c", base: nil, schema: "s", changes: [])

            let gone = await #expect(throws: ReplicationError.self) { try await transport("gone").pull(since: nil, client: "c", schema: "s") }
            #expect(gone == ReplicationError(.resyncRequired, "pull a snapshot"))
            let proxy = await #expect(throws: ReplicationError.self) { try await transport("proxy").push(batch) }
            #expect(proxy?.kind == .transport)
            #expect(proxy?.message.contains("HTTP 502: <html>Bad Gateway</html>") == true, "\(String(describing: proxy))")
            let notAResult = await #expect(throws: ReplicationError.self) { try await transport("garbage").push(batch) }
            #expect(notAResult?.kind == .transport)
            let notAPage = await #expect(throws: ReplicationError.self) { try await transport("garbage").pull(since: nil, client: "c", schema: "s") }
            #expect(notAPage?.kind == .transport)
            let unknownPath = await #expect(throws: ReplicationError.self) { try await transport("nowhere").push(batch) }
            #expect(unknownPath?.message.contains("HTTP 404") == true, "\(String(describing: unknownPath))")
        }
    }

    /// A server that answers later than the transport's timeout fails as `.transport`.
    @Test func aSlowServerTimesOut() async throws {
        try await Self.serve(Self.slowServer()).test(.live) { client in
            let transport = HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:\(try #require(client.port))")!, timeout: .milliseconds(300))
            let started = ContinuousClock.now
            let error = await #expect(throws: ReplicationError.self) { try await transport.pull(since: nil, client: "c", schema: "s") }
            #expect(error?.kind == .transport)
            #expect(ContinuousClock.now - started < .seconds(1.5))
        }
    }

    /// A pull cancelled while the server is slow ends as cancelled, not as a transport failure.
    @Test func aCancelledPullEndsAsCancelled() async throws {
        try await Self.serve(Self.slowServer()).test(.live) { client in
            let transport = HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:\(try #require(client.port))")!)
            let pull = Task { try await transport.pull(since: nil, client: "c", schema: "s") }
            try await Task.sleep(for: .milliseconds(200))
            pull.cancel()
            await #expect(throws: CancellationError.self) { try await pull.value }
        }
    }

    /// Nothing listens on port 1 of the loopback: the connection is refused at once.
    @Test func aRefusedConnectionIsATransportError() async throws {
        let transport = HTTPReplicationTransport(server: URL(string: "http://127.0.0.1:1")!)
        let error = await #expect(throws: ReplicationError.self) { try await transport.pull(since: nil, client: "c", schema: "s") }
        #expect(error?.kind == .transport)
        #expect(error?.message.contains("127.0.0.1:1/replication/changes") == true, "\(String(describing: error))")
    }

    @Test func aFailureBodyIsReadAsTheErrorItCarries() {
        let refusal = ReplicationError(httpStatus: 403, body: Data(#"{"error": "outOfScope", "message": "not yours"}"#.utf8))
        #expect(refusal == ReplicationError(.outOfScope, "not yours"))
        #expect(ReplicationError(httpStatus: 500, body: Data(#"{"error": {"code": "internal"}}"#.utf8)).kind == .transport)
        #expect(ReplicationError(httpStatus: 503, body: Data()).message == "the server answered HTTP 503 with an empty body")
        #expect(ReplicationError(httpStatus: 502, body: Data(String(repeating: "x", count: 1_000).utf8)).message.count < 250)
    }

    @Test func eachKindHasItsStatus() {
        let statuses = [
            ReplicationError.Kind.badPayload: 400, .notReplicated: 400, .unauthorized: 401, .outOfScope: 403, .schemaMismatch: 409,
            .resyncRequired: 410, .invalidSetup: 500, .transport: 502, ReplicationError.Kind(name: "fromTheFuture"): 502,
        ]
        for (kind, status) in statuses { #expect(ReplicationHTTP.status(of: kind) == status, "\(kind)") }
    }

    /// `router` served on a free port of 127.0.0.1.
    static func serve(_ router: Router<BasicRequestContext>) -> some ApplicationProtocol {
        Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// A stand-in server whose pulls answer after two seconds.
    static func slowServer() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("replication/changes") { _, _ in
            try await Task.sleep(for: .seconds(2))
            return json(#"{"changes": [], "token": {"store": "S", "value": 3}}"#)
        }
        return router
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The query parameters of each request a stand-in server received.
private final class Recorder: Sendable {
    private let seen = Mutex<[[String]]>([])
    var requests: [[String]] { seen.withLock { $0 } }
    func record(_ parameters: [String]) { seen.withLock { $0.append(parameters) } }
}
