import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import StrataSync
import Testing
@testable import StrataServer

extension TestClientProtocol {
    /// Sends a replication request as `user` and reads the refusal it answers.
    func replicationError(_ method: HTTPRequest.Method, _ uri: String, user: String, body: Data? = nil) async throws -> (status: HTTPResponse.Status, error: ReplicationError) {
        let headers: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(user)"]
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { response in
            let body = Data(response.body.readableBytesView)
            let error = try #require(ReplicationError(json: try JSONSerialization.jsonObject(with: body)), "\(response.status): \(String(decoding: body, as: UTF8.self))")
            return (response.status, error)
        }
    }

    /// Sends a replication request as `user`; its status and body as text.
    func replicationText(_ method: HTTPRequest.Method, _ uri: String, user: String, body: Data? = nil) async throws -> (status: HTTPResponse.Status, body: String) {
        let headers: HTTPFields = [.contentType: "application/json", .authorization: "Bearer \(user)"]
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { response in
            (response.status, String(decoding: response.body.readableBytesView, as: UTF8.self))
        }
    }

    /// `GET uri` as `user`, answered with a change page.
    func page(_ uri: String, user: String) async throws -> ChangePage {
        try await execute(uri: uri, method: .get, headers: [.authorization: "Bearer \(user)"]) { response in
            #expect(response.status == .ok)
            return try ChangePage(jsonData: Data(response.body.readableBytesView))
        }
    }
}
