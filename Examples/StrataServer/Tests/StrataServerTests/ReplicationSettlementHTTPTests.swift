import Foundation
import Strata
import StrataSync
import Testing
@testable import StrataServer

/// Over HTTP, a device is never wedged by what it cannot fix: a 403 is settled once, and a note
/// given to its user is fetched whole.
@Suite struct ReplicationSettlementHTTPTests {
    /// Item 5: ann edits her note offline while it is given to bob; her sync settles the 403,
    /// drops the note, and her later saves still reach the server.
    @Test func aNoteGivenAwayWhileEditedOfflineIsSettled() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let phone = try NoteReplica(user: "ann", name: "phone", directory: service.directory, port: try #require(client.port))
            let note = try phone.insert("milk")
            try await phone.client.sync()
            try NoteStore.update(note, text: "oat milk", in: phone.container)
            try NoteStore.give(note, to: "bob", in: service.container)

            let report = try await phone.client.sync()
            #expect(report.refused.map { "\($0.id)" } == [note] && report.refused.first?.reason == .outOfScope)
            #expect(try phone.dump().isEmpty, "the note left ann's phone")
            #expect(try NoteStore.dump(service.container, owner: "bob").map { $0.contains(" milk ") } == [true], "bob's note is as it was")
            try phone.insert("bread")
            try await phone.client.sync()
            #expect(try NoteStore.dump(service.container, owner: "ann").count == 1, "a later save reached the server")
        }
    }

    /// Item 6: bob's note given to ann reaches her phone whole in her next sync (the key rule
    /// tells the server the note entered her scope), never as a failed sync.
    @Test func aNoteGivenToTheUserIsFetchedWhole() async throws {
        let service = try TestService()
        let note = try NoteStore.insert("bob's", owner: "bob", into: service.container)
        try await service.run(.live) { client in
            let phone = try NoteReplica(user: "ann", name: "phone", directory: service.directory, port: try #require(client.port))
            try await phone.client.sync()
            try NoteStore.give(note, to: "ann", in: service.container)
            let report = try await phone.client.sync()
            #expect(report.pulled == 1 && report.refetched.isEmpty)
            #expect(try phone.dump() == NoteStore.dump(service.container, owner: "ann") && phone.dump().map { $0.hasPrefix(note) } == [true])
        }
    }
}
