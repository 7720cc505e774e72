import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Strata
import StrataSync
import StrataSyncHTTP
import Testing
@testable import StrataServer

/// Each refusal of the replication endpoints has its status and typed body, and changes nothing.
@Suite struct ReplicationRefusalTests {
    /// A push touching another user's note, writing a note for another user or giving bob's note
    /// to ann is refused with 403 as a whole: the batch's change to bob's own note is not applied
    /// either, though alone it is.
    @Test func anOutOfScopePushAnswers403AndAppliesNothing() async throws {
        let service = try TestService()
        let annNote = try NoteStore.insert("ann's", owner: "ann", into: service.container)
        let bobNote = try NoteStore.insert("bob's", owner: "bob", into: service.container)
        let before = try NoteStore.dump(service.container)
        let digest = try service.replicationDigest()
        // Based on the server's latest token, so no change is settled as a conflict.
        let base = try NoteStore.latestToken(of: service.container)
        let later = "2030-01-01T00:00:00Z"
        try await service.run(.live) { client in
            let own = ReplicationChange(entity: "Note", id: bobNote, values: ["text": "changed by bob", "updated_at": later])
            let cases = [
                ReplicationChange(entity: "Note", id: annNote, values: ["text": "changed by bob", "updated_at": later]),
                ReplicationChange(entity: "Note", id: annNote, values: nil),
                ReplicationChange(entity: "Note", id: "planted", values: ["id": "planted", "owner": "ann", "text": "x", "done": false, "updated_at": later]),
                ReplicationChange(entity: "Note", id: bobNote, values: ["owner": "ann", "updated_at": later]),
            ]
            for (index, change) in cases.enumerated() {
                let batch = PushBatch(id: "refused-\(index)", client: "bob-phone", base: base, schema: digest, changes: [own, change])
                let (status, error) = try await client.replicationError(.post, "/replication/batches", user: "bob", body: batch.jsonData())
                #expect(status == .forbidden, "case \(index)")
                #expect(error.kind == .outOfScope, "case \(index): \(error)")
            }
            #expect(try NoteStore.dump(service.container) == before)

            let alone = PushBatch(id: "accepted", client: "bob-phone", base: base, schema: digest, changes: [own])
            let result = try await NoteReplica.transport(user: "bob", port: try #require(client.port)).push(alone)
            #expect(result.applied == 1)
            #expect(try NoteStore.dump(service.container, owner: "bob").map { $0.contains(" changed by bob ") } == [true])
        }
    }

    @Test(arguments: [
        #"not json"#, #"[]"#, #"{"client": "c", "schema": "s", "changes": []}"#, #"{"id": "b", "client": "c", "schema": "s", "changes": [{"entity": "Note"}]}"#,
        #"{"id": "b", "client": "c", "schema": "s", "changes": {}}"#, #"{"id": "b", "client": "c", "schema": "s", "base": "7", "changes": []}"#,
    ])
    func aMalformedBatchAnswers400(body: String) async throws {
        try await TestService().run(.live) { client in
            let (status, error) = try await client.replicationError(.post, "/replication/batches", user: "ann", body: Data(body.utf8))
            #expect(status == .badRequest)
            #expect(error.kind == .badPayload, "\(error)")
        }
    }

    /// A batch over the request context's upload limit (2 MB) is refused before it is read whole.
    @Test func aBatchOverTheUploadLimitAnswers400() async throws {
        try await TestService().run(.live) { client in
            let body = Data(#"{"id": "b", "client": "c", "schema": "s", "changes": [], "padding": "\#(String(repeating: "x", count: 3_000_000))"}"#.utf8)
            let (status, error) = try await client.replicationError(.post, "/replication/batches", user: "ann", body: body)
            #expect(status == .badRequest)
            #expect(error.kind == .badPayload)
            #expect(error.message.contains("larger than"), "\(error)")
        }
    }

    /// A batch for a model the server does not replicate is the client's mistake: 400.
    @Test func aBatchForAnUnreplicatedModelAnswers400() async throws {
        let service = try TestService()
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let batch = PushBatch(id: "b", client: "c", base: nil, schema: digest, changes: [ReplicationChange(entity: "Item", id: 1, values: ["title": "x"])])
            let (status, error) = try await client.replicationError(.post, "/replication/batches", user: "ann", body: batch.jsonData())
            #expect(status == .badRequest)
            #expect(error.kind == .notReplicated, "\(error)")
        }
    }

    @Test(arguments: [
        "/replication/changes?schema=S", "/replication/changes?client=c", "/replication/changes?client=c&schema=S&since=seven",
        "/replication/changes?client=c&schema=S&since=7", "/replication/changes?client=c&schema=S&limit=0", "/replication/changes?client=c&schema=S&limit=x",
    ])
    func aMalformedPullAnswers400(uri: String) async throws {
        let service = try TestService()
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let (status, error) = try await client.replicationError(.get, uri.replacingOccurrences(of: "=S", with: "=\(digest)"), user: "ann")
            #expect(status == .badRequest)
            #expect(error.kind == .badPayload, "\(error)")
        }
    }

    /// A device running another version of the models is told so, on a pull and on a push.
    @Test func anotherSchemaAnswers409() async throws {
        try await TestService().run(.live) { client in
            let pull = try await client.replicationError(.get, "/replication/changes?client=c&schema=0123abcd", user: "ann")
            #expect(pull.status == .conflict)
            #expect(pull.error.kind == .schemaMismatch)
            let batch = PushBatch(id: "b", client: "c", base: nil, schema: "0123abcd", changes: [])
            let push = try await client.replicationError(.post, "/replication/batches", user: "ann", body: batch.jsonData())
            #expect(push.status == .conflict)
            #expect(push.error.kind == .schemaMismatch)
        }
    }

    @Test(arguments: [nil, "Basic YW5uOg==", "Bearer "])
    func aRequestWithoutAUserAnswers401(authorization: String?) async throws {
        let service = try TestService()
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let headers: HTTPFields = authorization.map { [.authorization: $0] } ?? [:]
            let (status, body) = try await client.execute(uri: "/replication/changes?client=c&schema=\(digest)", method: .get, headers: headers) { ($0.status, $0.body) }
            #expect(status == .unauthorized)
            #expect(ReplicationError(httpStatus: status.code, body: Data(body.readableBytesView)).kind == .unauthorized)
        }
    }

    /// Once the server's history is trimmed past a device's token, a pull from it answers 410,
    /// and the device's next sync rereads everything and agrees with the server again.
    @Test func aTrimmedTokenAnswers410AndTheClientResyncs() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let phone = try NoteReplica(user: "ann", name: "phone", directory: service.directory, port: port)
            try phone.insert("milk")
            try await phone.client.sync()
            // The phone's snapshot reached the server's last transaction: its own push.
            let token = try #require(try NoteStore.latestToken(of: service.container))
            try NoteStore.insert("eggs", owner: "ann", into: service.container)
            try NoteStore.trimHistory(of: service.container)
            try NoteStore.insert("bread", owner: "ann", into: service.container)

            let uri = "/replication/changes?client=phone&schema=\(phone.client.models.schemaDigest)&since=\(ReplicationWire.text(token))"
            let (status, error) = try await client.replicationError(.get, uri.replacingOccurrences(of: "@", with: "%40"), user: "ann")
            #expect(status == .gone)
            #expect(error.kind == .resyncRequired)

            let report = try await phone.client.sync()
            #expect(report.resynced)
            #expect(try phone.dump() == NoteStore.dump(service.container, owner: "ann"))
            #expect(try phone.dump().count == 3)
        }
    }
}
