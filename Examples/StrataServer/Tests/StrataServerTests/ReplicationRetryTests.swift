import Foundation
import Strata
import StrataSync
import StrataSyncHTTP
import Synchronization
import Testing
@testable import StrataServer

/// A batch whose answer was lost is sent again under the same id and applied once.
@Suite struct ReplicationRetryTests {
    /// The phone's first push reaches the server but its answer is lost; the laptop then deletes
    /// the note. The phone's retry must not insert the note again: the server answers it from
    /// its receipt, and the phone learns of the deletion.
    @Test func aRetriedBatchAppliesOnce() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let lossy = AnswerLosingTransport(NoteReplica.transport(user: "ann", port: port))
            let phone = try NoteReplica(user: "ann", name: "phone", directory: service.directory, port: port, transport: lossy)
            let laptop = try NoteReplica(user: "ann", name: "laptop", directory: service.directory, port: port)
            let milk = try phone.insert("milk")
            await #expect(throws: ReplicationError.self) { try await phone.client.sync() }
            #expect(try NoteStore.dump(service.container).count == 1)

            try await laptop.client.sync()
            try NoteStore.delete(milk, from: laptop.container)
            try await laptop.client.sync()
            #expect(try NoteStore.dump(service.container).isEmpty)

            let retried = try await phone.client.sync()
            #expect(retried.pushed == 1)
            #expect(lossy.pushes == 2)
            #expect(try NoteStore.dump(service.container).isEmpty)
            #expect(try phone.dump().isEmpty)
        }
    }
}

/// A transport whose first push reaches the server but whose answer is lost on the way back.
final class AnswerLosingTransport: ReplicationTransport {
    private let base: HTTPReplicationTransport
    private let sent = Atomic(0)

    init(_ base: HTTPReplicationTransport) {
        self.base = base
    }

    /// How many pushes were sent.
    var pushes: Int { sent.load(ordering: .relaxed) }

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try await base.pull(since: since, client: client, schema: schema)
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        let result = try await base.push(batch)
        guard sent.add(1, ordering: .relaxed).newValue > 1 else { throw ReplicationError(.transport, "the connection closed before the answer came") }
        return result
    }
}
