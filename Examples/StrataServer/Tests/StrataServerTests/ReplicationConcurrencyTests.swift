import Foundation
import Strata
import StrataSync
import Testing
@testable import StrataServer

/// Sixteen devices of four users sync with one service at once, over HTTP.
@Suite struct ReplicationConcurrencyTests {
    static let users = ["ann", "bob", "cid", "dee"]

    /// Every device first pulls its user's notes, then edits them offline (so devices of one user
    /// conflict) and adds one note, then all sixteen sync at the same time, twice: no sync fails,
    /// every device's note reached the server, and every device holds exactly its user's notes
    /// as the server has them.
    @Test func sixteenClientsSyncingAtOnceConverge() async throws {
        let service = try TestService()
        for user in Self.users {
            for index in 0..<3 { try NoteStore.insert("\(user) \(index)", owner: user, into: service.container) }
        }
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let replicas = try (0..<16).map { index in
                try NoteReplica(user: Self.users[index % 4], name: "device-\(index)", directory: service.directory, port: port)
            }
            try await Self.syncAll(replicas)
            var random = SystemRandomNumberGenerator()
            for replica in replicas {
                try NoteStore.edit(replica.container, owner: replica.user, count: Int.random(in: 1...6, using: &random), using: &random)
                try replica.insert("from \(replica.client.name)")
            }
            try await Self.syncAll(replicas)
            try await Self.syncAll(replicas)
            for replica in replicas {
                let expected = try NoteStore.dump(service.container, owner: replica.user)
                #expect(try replica.dump() == expected, "\(replica.client.name) of \(replica.user)")
            }
            // Each device's last insert reached the server, and no other device could delete it.
            let server = try NoteStore.dump(service.container)
            for replica in replicas {
                #expect(server.contains { $0.contains(" \(replica.user) from \(replica.client.name) ") }, "\(replica.client.name)")
            }
        }
    }

    /// Syncs every replica at the same time.
    static func syncAll(_ replicas: [NoteReplica]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for replica in replicas { group.addTask { try await replica.client.sync() } }
            try await group.waitForAll()
        }
    }
}
