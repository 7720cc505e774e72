import Foundation
import Strata
import StrataSync
import Testing
@testable import StrataServer

/// A batch whose values cannot be the model's is the client's mistake: 400, never a 500. (A
/// number for a `String` is not one of them: StrataSync's import coerces it, `7` → `"7"`.)
@Suite struct ReplicationBadValueTests {
    @Test(arguments: [
        #"{"id": "n1", "owner": "ann", "text": "t", "done": "maybe", "updated_at": "2030-01-01T00:00:00Z"}"#,
        #"{"id": "n1", "owner": "ann", "text": "t", "done": false, "updated_at": "next tuesday"}"#,
        #"{"id": "n1", "owner": null, "text": "t", "done": false, "updated_at": "2030-01-01T00:00:00Z"}"#,
    ])
    func aValueOfTheWrongTypeAnswers400(values: String) async throws {
        let service = try TestService()
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let body = #"{"id": "b", "client": "c", "schema": "\#(digest)", "changes": [{"entity": "Note", "id": "n1", "values": \#(values)}]}"#
            let (status, error) = try await client.replicationError(.post, "/replication/batches", user: "ann", body: Data(body.utf8))
            #expect(status == .badRequest, "\(error)")
            #expect(error.kind == .badPayload, "\(error)")
            #expect(try NoteStore.dump(service.container).isEmpty)
        }
    }
}
