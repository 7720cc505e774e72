import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerAPI
import Strata
@testable import StrataServer

/// The service over a new SQLite database in a temporary directory, driven through
/// HummingbirdTesting's router client, with JSON helpers.
struct TestService {
    let container: ModelContainer
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        container = try StoreLocation("sqlite:" + directory.appendingPathComponent("todo.sqlite").path).makeContainer()
    }

    /// Runs `body` against the service (by default through the router alone; `.live` serves it on
    /// a free port of 127.0.0.1), then removes the database.
    func run(_ setup: TestingSetup = .router, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = Application(router: try ServerApplication.router(container: container), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(setup, body)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension TestClientProtocol {
    /// Sends `method uri` with `json` (raw text) as the body; returns the status and the body.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil) async throws -> (status: HTTPResponse.Status, body: ByteBuffer) {
        try await execute(uri: uri, method: method, headers: json == nil ? [:] : [.contentType: "application/json"], body: json.map { ByteBuffer(string: $0) }) {
            ($0.status, $0.body)
        }
    }

    /// Sends `value` encoded as JSON and decodes the reply as `Reply`, expecting `status`.
    func send<Body: Encodable, Reply: Decodable>(
        _ method: HTTPRequest.Method, _ uri: String, _ value: Body, expecting status: HTTPResponse.Status = .ok, as reply: Reply.Type
    ) async throws -> Reply {
        let json = String(decoding: try TestService.encoder.encode(value), as: UTF8.self)
        let (actual, body) = try await send(method, uri, json: json)
        guard actual == status else { throw UnexpectedStatus(status: actual, body: String(buffer: body)) }
        return try TestService.decoder.decode(Reply.self, from: body)
    }

    /// `GET uri`, decoded as `Reply`, expecting 200.
    func get<Reply: Decodable>(_ uri: String, as reply: Reply.Type) async throws -> Reply {
        let (status, body) = try await send(.get, uri)
        guard status == .ok else { throw UnexpectedStatus(status: status, body: String(buffer: body)) }
        return try TestService.decoder.decode(Reply.self, from: body)
    }

    /// The error body of a reply to `method uri`, with its status.
    func error(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil) async throws -> (status: HTTPResponse.Status, error: APIError.Body.Detail) {
        let (status, body) = try await send(method, uri, json: json)
        return (status, try JSONDecoder().decode(APIError.Body.self, from: body).error)
    }

    /// Creates a project named `name`.
    func createProject(_ name: String) async throws -> ProjectResponse {
        try await send(.post, "/projects", ProjectInput(name: name), expecting: .created, as: ProjectResponse.self)
    }

    /// Creates an item.
    func createItem(_ title: String, done: Bool = false, priority: Int = 0, projectId: Int64? = nil) async throws -> ItemResponse {
        try await send(.post, "/items", NewItem(title: title, done: done, priority: priority, projectId: projectId), expecting: .created, as: ItemResponse.self)
    }
}

/// A reply whose status was not the one a test expected.
struct UnexpectedStatus: Error, CustomStringConvertible {
    let status: HTTPResponse.Status
    let body: String
    var description: String { "unexpected \(status): \(body)" }
}
