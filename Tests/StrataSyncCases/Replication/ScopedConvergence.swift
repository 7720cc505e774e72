import Foundation
import StrataConformance
import StrataCore
import StrataSync

/// Two principals share a server: ann with two devices, bob with one. An admin on the server
/// and every device edit while disconnected — notes whose items go with them (`.cascade`),
/// many-to-many tags, rows given from one principal to the other, and devices giving rows
/// away (refused) or linking to rows that left their scope — then sync in a random order, for
/// several rounds. After every device syncs three times, each holds exactly its principal's
/// rows as the server has them, with links to the other principal's rows hidden.
public enum ScopedConvergence {
    static let principals = ["ann", "bob"]

    /// Runs the seeded scenario on stores of ``ScopedSchema``, under `conflicts` (by default
    /// `newerWins` for seeds up to 70 and `serverWins` above, as the CI suites split them).
    /// - Throws: ``SyncCaseFailure`` with the seed and the first differing dump.
    public static func run(seed: UInt64, conflicts: ConflictPolicy? = nil, stores: ReplicaStores) async throws {
        let conflicts = conflicts ?? (seed <= 70 ? .newerWins() : .serverWins)
        var random = SplitMix64(seed: seed)
        let serverStore = try stores.makeServer()
        let server = try ReplicationServer<String>(container: serverStore, models: ScopedSchema.replicated, conflicts: conflicts, scope: ScopedSchema.byOwner, pageSize: 7)
        let devices = [("ann", "ann-phone"), ("ann", "ann-tablet"), ("bob", "bob-phone")]
        let deviceStores = try devices.map { _ in try stores.makeClient() }
        let clients = try zip(devices, deviceStores).map { device, store in
            try ReplicationClient(
                container: store, models: ScopedSchema.replicated, name: device.1, transport: LocalReplicationTransport(server: server, principal: device.0))
        }
        for round in 0..<(3 + Int(random.next() % 3)) {
            try ScopedEditor.edit(serverStore, as: nil, principals: principals, count: Int(random.next() % 6), tag: "s\(round)", using: &random)
            for (index, store) in deviceStores.enumerated() {
                try ScopedEditor.edit(store, as: devices[index].0, principals: principals, count: Int(random.next() % 6), tag: "d\(index)r\(round)", using: &random)
            }
            for index in clients.indices.shuffled(using: &random) where random.next() % 4 != 0 {
                try await clients[index].sync()
            }
        }
        for _ in 0..<3 {
            for index in clients.indices.shuffled(using: &random) { try await clients[index].sync() }
        }
        for (index, store) in deviceStores.enumerated() {
            let expected = try dump(serverStore, for: devices[index].0), dump = try dump(store, for: devices[index].0)
            guard dump == expected else {
                throw SyncCaseFailure(description: "seed \(seed): \(devices[index].1) differs from the server\nserver: \(expected)\ndevice: \(dump)")
            }
        }
    }

    /// `principal`'s rows in `container`, their links to rows of others left out.
    static func dump(_ container: ModelContainer, for principal: String) throws -> String {
        try ReplicaDump.of(container) { context, exporter in
            let all = [
                "notes": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedNote>())),
                "items": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedItem>())),
                "tags": try exporter.exportObjects(context.fetch(FetchDescriptor<ScopedTag>())),
            ]
            let mine = all.mapValues { $0.filter { $0["owner"] as? String == principal } }
            let visible = Set(mine.values.joined().compactMap { $0["id"] as? String })
            return mine.mapValues { rows in
                rows.map { row in
                    var row = row
                    for (key, value) in row where key.hasSuffix("_id") || key.hasSuffix("_ids") {
                        if let ids = value as? [String] { row[key] = ids.filter(visible.contains) }
                        if let id = value as? String, !visible.contains(id) { row[key] = NSNull() }
                    }
                    return row
                }
            }
        }
    }
}
