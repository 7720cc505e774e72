import Foundation
import Strata
import StrataSync
import StrataSyncHTTP
import Testing
@testable import StrataServer

/// Two devices of one user keep their notes in step with the service through the real HTTP
/// endpoints and URLSession (`.live`).
@Suite struct ReplicationRoundTripTests {
    @Test func insertsUpdatesAndDeletesReachTheOtherDevice() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let phone = try NoteReplica(user: "ann", name: "phone", directory: service.directory, port: port)
            let laptop = try NoteReplica(user: "ann", name: "laptop", directory: service.directory, port: port)
            let milk = try phone.insert("milk")
            try phone.insert("eggs")
            try await phone.client.sync()
            let pulled = try await laptop.client.sync()
            #expect(pulled.pulled == 2)
            #expect(try laptop.dump() == phone.dump())

            try NoteStore.update(milk, text: "oat milk", in: laptop.container)
            try laptop.insert("bread")
            try await laptop.client.sync()
            try await phone.client.sync()
            #expect(try phone.dump() == laptop.dump())
            #expect(try phone.dump().contains { $0.contains(" oat milk ") })

            try NoteStore.delete(milk, from: phone.container)
            try await phone.client.sync()
            try await laptop.client.sync()
            #expect(try laptop.dump().count == 2)
            #expect(try laptop.dump() == NoteStore.dump(service.container))
        }
    }

    /// `limit` reaches the engine: from the start of the history, one change a page, then the rest.
    @Test func aPullHonoursItsLimit() async throws {
        let service = try TestService()
        for text in ["milk", "eggs", "bread"] { try NoteStore.insert(text, owner: "ann", into: service.container) }
        let start = ReplicationWire.text(DefaultHistoryToken(storeIdentifier: service.container.dataStore.identifier, tokenValue: 0))
        let digest = try service.replicationDigest()
        try await service.run(.live) { client in
            let transport = NoteReplica.transport(user: "ann", port: try #require(client.port))
            let uri = "/replication/changes?client=phone&schema=\(digest)&since=\(start.replacingOccurrences(of: "@", with: "%40"))"
            let first = try await client.page(uri + "&limit=1", user: "ann")
            #expect(first.changes.count == 1)
            #expect(first.hasMore)
            let rest = try await transport.pull(since: first.token, client: "phone", schema: digest)
            #expect(rest.changes.count == 2)
            #expect(!rest.hasMore)
        }
    }
}
