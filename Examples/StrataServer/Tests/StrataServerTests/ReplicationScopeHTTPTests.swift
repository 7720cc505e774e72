import Foundation
import Hummingbird
import HummingbirdTesting
import Strata
import StrataSync
import Testing
@testable import StrataServer

/// Over HTTP, no answer to ann carries anything of bob's: not a refreshed row, not another
/// principal's receipt, not the ids of bob's activity, not a refusal's body.
@Suite struct ReplicationScopeHTTPTests {
    static let later = "2030-01-01T00:00:00Z"

    /// Item 1: ann asking for bob's note by id gets its deletion, never its text.
    @Test func aRefreshOfAnotherUsersNoteAnswersItsDeletion() async throws {
        let service = try TestService()
        let bobNote = try NoteStore.insert("bob's secret", owner: "bob", into: service.container)
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let batch = PushBatch(id: "b", client: "ann-phone", base: nil, schema: digest, changes: [], refresh: [ReplicaRow(entity: "Note", id: bobNote)])
            let (status, body) = try await client.replicationText(.post, "/replication/batches", user: "ann", body: batch.jsonData())
            #expect(status == .ok)
            let corrections = try PushResult(jsonData: Data(body.utf8)).corrections
            #expect(corrections.count == 1 && corrections[0].isDeletion)
            #expect(!body.contains("bob"), "\(body)")
        }
    }

    /// Item 3: ann pushing under the batch id bob used has her change applied, and her answer
    /// is not bob's stored one.
    @Test func aBatchIdBobUsedIsAnnsOwnBatch() async throws {
        let service = try TestService()
        let digest = try service.replicationDigest()
        @Sendable func note(_ id: String, _ owner: String) -> ReplicationChange {
            ReplicationChange(entity: "Note", id: id, values: ["id": id, "owner": owner, "text": "\(owner)'s note", "done": false, "updated_at": Self.later])
        }
        try await service.run(.live) { client in
            let bobs = PushBatch(id: "same", client: "phone", base: nil, schema: digest, changes: [note("b1", "bob")], refresh: [ReplicaRow(entity: "Note", id: "b1")])
            #expect(try await client.replicationText(.post, "/replication/batches", user: "bob", body: bobs.jsonData()).status == .ok)
            let anns = PushBatch(id: "same", client: "phone", base: nil, schema: digest, changes: [note("a1", "ann")])
            let (status, body) = try await client.replicationText(.post, "/replication/batches", user: "ann", body: anns.jsonData())
            #expect(status == .ok)
            #expect(try PushResult(jsonData: Data(body.utf8)).applied == 1)
            #expect(!body.contains("bob"), "\(body)")
            #expect(try NoteStore.dump(service.container, owner: "ann").count == 1, "ann's note was applied")
        }
    }

    /// Item 4: bob's inserts, edits and deletions reach none of ann's pulls, not even as ids.
    @Test func bobsActivityNeverReachesAnnsPulls() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let ann = try NoteReplica(user: "ann", name: "ann-phone", directory: service.directory, port: port)
            let bob = try NoteReplica(user: "bob", name: "bob-phone", directory: service.directory, port: port)
            try NoteStore.insert("ann's", owner: "ann", into: service.container)
            try await ann.client.sync()
            let since = try #require(try NoteStore.latestToken(of: service.container))
            let kept = try bob.insert("kept")
            let dropped = try bob.insert("dropped")
            try await bob.client.sync()
            try NoteStore.update(kept, text: "edited", in: bob.container)
            try NoteStore.delete(dropped, from: bob.container)
            try await bob.client.sync()
            let uri = "/replication/changes?client=ann-phone&schema=\(ann.client.models.schemaDigest)&since=\(ReplicationWire.text(since))"
            let (status, body) = try await client.replicationText(.get, uri.replacingOccurrences(of: "@", with: "%40"), user: "ann")
            #expect(status == .ok)
            #expect(!body.contains(kept) && !body.contains(dropped), "\(body)")
            #expect(try ChangePage(jsonData: Data(body.utf8)).changes.isEmpty)
        }
    }

    /// A refused batch answers 403 naming each refused change, with none of the rows' values,
    /// and applies nothing.
    @Test func aRefusalNamesTheChangesAndShowsNoValues() async throws {
        let service = try TestService()
        let annNote = try NoteStore.insert("ann's secret", owner: "ann", into: service.container)
        let before = try NoteStore.dump(service.container)
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let change = ReplicationChange(entity: "Note", id: annNote, values: ["text": "taken by bob", "updated_at": Self.later])
            let batch = PushBatch(id: "b", client: "bob-phone", base: nil, schema: digest, changes: [change])
            let (status, body) = try await client.replicationText(.post, "/replication/batches", user: "bob", body: batch.jsonData())
            #expect(status == .forbidden)
            let error = try #require(ReplicationError(json: try JSONSerialization.jsonObject(with: Data(body.utf8))))
            #expect(error.kind == .outOfScope && error.refused.map { "\($0.id)" } == [annNote])
            #expect(!body.contains("secret"), "\(body)")
            #expect(try NoteStore.dump(service.container) == before)
        }
    }
}
