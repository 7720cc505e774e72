import Foundation
import StrataConformance
import StrataCore
import StrataSync

/// Where replication cases keep their stores: a fresh server store and fresh client stores per run.
public struct ReplicaStores: Sendable {
    /// A new, empty server store of the case's models (``ReplicaSchema/server``, ``ScopedSchema/server``).
    public let makeServer: @Sendable () throws -> ModelContainer
    /// A new, empty client store of the case's models (``ReplicaSchema/client``, ``ScopedSchema/client``).
    public let makeClient: @Sendable () throws -> ModelContainer

    public init(makeServer: @escaping @Sendable () throws -> ModelContainer, makeClient: @escaping @Sendable () throws -> ModelContainer) {
        self.makeServer = makeServer
        self.makeClient = makeClient
    }
}

/// A server and two clients edit while disconnected, then sync in a random order, for several
/// rounds; after a final round in which every client syncs twice, all three stores must hold the
/// same rows, values and links.
public enum ReplicationConvergence {
    /// Runs the seeded scenario.
    /// - Throws: ``SyncCaseFailure`` with the seed and the first differing dump when the stores differ.
    public static func run(seed: UInt64, conflicts: ConflictPolicy, stores: ReplicaStores) async throws {
        var random = SplitMix64(seed: seed)
        let serverStore = try stores.makeServer()
        let server = try ReplicationServer<String>(container: serverStore, models: ReplicaSchema.replicated, conflicts: conflicts, pageSize: 7)
        let clientStores = [try stores.makeClient(), try stores.makeClient()]
        let clients = try clientStores.enumerated().map { index, store in
            try ReplicationClient(
                container: store, models: ReplicaSchema.replicated, name: "client-\(index)", transport: LocalReplicationTransport(server: server, principal: "ann"))
        }
        let rounds = 3 + Int(random.next() % 3)
        for round in 0..<rounds {
            try ReplicaEditor.edit(serverStore, count: Int(random.next() % 8), tag: "s\(round)", using: &random)
            for (index, store) in clientStores.enumerated() {
                try ReplicaEditor.edit(store, count: Int(random.next() % 8), tag: "c\(index)r\(round)", using: &random)
            }
            for index in clients.indices.shuffled(using: &random) where random.next() % 4 != 0 {
                try await clients[index].sync()
            }
        }
        for _ in 0..<2 {
            for index in clients.indices.shuffled(using: &random) { try await clients[index].sync() }
        }
        let expected = try ReplicaDump.of(serverStore)
        for (index, store) in clientStores.enumerated() {
            let dump = try ReplicaDump.of(store)
            guard dump == expected else {
                throw SyncCaseFailure(description: "seed \(seed): client-\(index) differs from the server\nserver: \(expected)\nclient: \(dump)")
            }
        }
    }
}
