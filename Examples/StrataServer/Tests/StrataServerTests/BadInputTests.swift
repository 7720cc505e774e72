import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerAPI
import Testing
@testable import StrataServer

/// Requests the service cannot accept get a 4xx status with the JSON error body.
@Suite struct BadInputTests {
    @Test(arguments: [
        ("/items?done=maybe", "query parameter 'done' has an invalid value 'maybe'"),
        ("/items?minPriority=high", "query parameter 'minPriority' has an invalid value 'high'"),
        ("/items?sort=color", "query parameter 'sort' has an invalid value 'color'"),
        ("/items?order=up", "query parameter 'order' has an invalid value 'up'"),
        ("/items?limit=0", "query parameter 'limit' has an invalid value '0'"),
        ("/items?limit=501", "query parameter 'limit' has an invalid value '501'"),
        ("/items?offset=-1", "query parameter 'offset' has an invalid value '-1'"),
    ])
    func anInvalidQueryParameterAnswers400(uri: String, message: String) async throws {
        try await TestService().run { client in
            let (status, error) = try await client.error(.get, uri)
            #expect(status == .badRequest)
            #expect(error == .init(code: "badRequest", message: message))
        }
    }

    @Test(arguments: [
        (#"{"title": "   "}"#, "title must not be empty"),
        (#"{"priority": 1}"#, nil),
        (#"{"title": 3}"#, nil),
        ("not json", nil),
        (#"{"title": "x", "priority": 1.5}"#, "Type mismatch for `priority` key, expected `Int` type."),
        (#"{"title": "x", "priority": 1e30}"#, "Type mismatch for `priority` key, expected `Int` type."),
        (#"{"title": "x", "projectId": 2.5}"#, "Type mismatch for `projectId` key, expected `Int64` type."),
    ])
    func aBodyThatIsNotAnItemAnswers400(json: String, message: String?) async throws {
        try await TestService().run { client in
            let (status, error) = try await client.error(.post, "/items", json: json)
            #expect(status == .badRequest)
            #expect(error.code == "badRequest")
            if let message { #expect(error.message == message) }
            #expect(try await client.get("/items", as: [ItemResponse].self).isEmpty)
        }
    }

    /// A valid JSON body whose number does not fit its field names the field, not the JSON.
    @Test(arguments: [
        (#"{"priority": 2.5}"#, "Type mismatch for `priority` key, expected `Int` type."),
        (#"{"projectId": 1.5}"#, "Type mismatch for `projectId` key, expected `Int64` type."),
    ])
    func aPatchWithAFractionForAnIntegerAnswers400(json: String, message: String) async throws {
        try await TestService().run { client in
            let item = try await client.createItem("one", priority: 1)
            let (status, error) = try await client.error(.patch, "/items/\(item.id)", json: json)
            #expect(status == .badRequest)
            #expect(error == .init(code: "badRequest", message: message))
            #expect(try await client.get("/items/\(item.id)", as: ItemResponse.self) == item)
        }
    }

    /// Hummingbird refuses a body over its 2 MB upload limit with 413, which the service keeps.
    @Test func aBodyOverTheUploadLimitAnswers413AndIsNotStored() async throws {
        try await TestService().run { client in
            let title = String(repeating: "a", count: 2 * 1024 * 1024)
            let (status, error) = try await client.error(.post, "/items", json: #"{"title": "\#(title)"}"#)
            #expect(status == .contentTooLarge)
            #expect(error == .init(code: "contentTooLarge", message: "the request body is larger than 2097152 bytes"))
            #expect(try await client.get("/items", as: [ItemResponse].self).isEmpty)
        }
    }

    /// A method a path does not have is 405 with the methods it has in `Allow`, not 404.
    @Test(arguments: [
        (HTTPRequest.Method.put, "/items/1", "GET, PATCH, DELETE"),
        (.post, "/items/1", "GET, PATCH, DELETE"),
        (.delete, "/items", "GET, POST"),
        (.put, "/projects/1", "GET, PATCH, DELETE"),
        (.patch, "/projects", "GET, POST"),
    ])
    func aMethodThePathDoesNotHaveAnswers405(method: HTTPRequest.Method, uri: String, allowed: String) async throws {
        try await TestService().run { client in
            let (status, headers, body) = try await client.execute(uri: uri, method: method, body: ByteBuffer(string: "{}")) { ($0.status, $0.headers, $0.body) }
            #expect(status == .methodNotAllowed)
            #expect(headers[.allow] == allowed)
            let error = try JSONDecoder().decode(APIError.Body.self, from: body).error
            #expect(error == .init(code: "methodNotAllowed", message: "\(method.rawValue) is not allowed on \(uri); use \(allowed)"))
        }
    }

    @Test func aKeyThatIsNotANumberAnswers400() async throws {
        try await TestService().run { client in
            let (status, error) = try await client.error(.get, "/items/seven")
            #expect(status == .badRequest)
            #expect(error.code == "badRequest")
        }
    }

    @Test func anItemInAMissingProjectAnswers404AndIsNotStored() async throws {
        try await TestService().run { client in
            let (status, error) = try await client.error(.post, "/items", json: #"{"title": "x", "projectId": 42}"#)
            #expect(status == .notFound)
            #expect(error == .init(code: "notFound", message: "project 42 does not exist"))
            #expect(try await client.get("/items", as: [ItemResponse].self).isEmpty)
        }
    }
}
