import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Testing

/// Deletions converge (docs/replication.md rules 6 and 8): a child added under a row the server
/// deleted, and an edit against a deletion, end the same on every replica whatever the order of
/// syncs.
@Suite struct ReplicationDeletionTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    let serverStore = try! ReplicationConvergenceTests.stores.makeServer()

    func client(_ server: ReplicationServer<String>, _ store: ModelContainer, name: String) throws -> ReplicationClient {
        try ReplicationClient(container: store, models: ReplicaSchema.replicated, name: name, transport: LocalReplicationTransport(server: server, principal: "ann"))
    }

    func edit(_ container: ModelContainer, _ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(container)
        context.author = "app"
        try body(context)
        try context.save()
    }

    /// Item 8: the server deleted note n; a device adds item j under n offline. The server keeps
    /// j with its link cleared and says so, so the device's deletion of n (whose rule cascades)
    /// does not take j: j exists on both.
    @Test func aChildAddedUnderADeletedRowIsCorrected() async throws {
        let server = try ModelContainer(for: Schema(ScopedSchema.server), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())])
        let device = try ModelContainer(for: Schema(ScopedSchema.client), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())])
        let engine = try ReplicationServer<String>(container: server, models: ScopedSchema.replicated, scope: ScopedSchema.byOwner)
        let client = try ReplicationClient(container: device, models: ScopedSchema.replicated, name: "phone", transport: LocalReplicationTransport(server: engine, principal: "ann"))
        try edit(server) { $0.insert(ScopedNote(uid: "n", owner: "ann", text: "n", updatedAt: Self.date)) }
        try await client.sync()
        try edit(server) { try $0.delete(model: ScopedNote.self, where: #Predicate { $0.uid == "n" }) }
        try edit(device) { context in
            let note = try context.fetch(FetchDescriptor<ScopedNote>()).first
            context.insert(ScopedItem(uid: "j", owner: "ann", title: "j", updatedAt: Self.date, note: note))
        }
        let report = try await client.sync()
        #expect(report.corrections.map(\.description) == ["ScopedItem j"])
        for store in [server, device] {
            let items = try ModelContext(store).fetch(FetchDescriptor<ScopedItem>())
            #expect(items.map(\.uid) == ["j"] && items.first?.note == nil)
            #expect(try ModelContext(store).fetchCount(FetchDescriptor<ScopedNote>()) == 0)
        }
    }

    /// Item 12: under `newerWins`, a tablet's later rename beats a kiosk's deletion whether the
    /// rename or the deletion reaches the server first: the tablet sends the whole row when the
    /// server answers that the row is gone.
    @Test(arguments: [false, true])
    func anEditBeatsADeletionInEitherOrder(deletionFirst: Bool) async throws {
        let server = try ReplicationServer<String>(container: serverStore, models: ReplicaSchema.replicated, conflicts: .newerWins())
        let tabletStore = try ReplicationConvergenceTests.stores.makeClient(), kioskStore = try ReplicationConvergenceTests.stores.makeClient()
        let tablet = try client(server, tabletStore, name: "tablet"), kiosk = try client(server, kioskStore, name: "kiosk")
        try edit(serverStore) { $0.insert(ReplicaTask(uid: "t", title: "chore", updatedAt: Self.date)) }
        try await tablet.sync()
        try await kiosk.sync()
        try edit(tabletStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).update("renamed", at: Self.date + 20) }
        try edit(kioskStore) { try $0.delete(model: ReplicaTask.self, where: #Predicate { $0.uid == "t" }) }
        let order = deletionFirst ? [kiosk, tablet] : [tablet, kiosk]
        for client in order + order { try await client.sync() }
        for store in [serverStore, tabletStore, kioskStore] {
            #expect(try ModelContext(store).fetch(FetchDescriptor<ReplicaTask>()).map(\.title) == ["renamed"])
        }
    }

    /// Under `serverWins`, a deletion that reached the server first stays, and the tablet is
    /// told its edit was dropped.
    @Test func aDroppedEditIsReported() async throws {
        let server = try ReplicationServer<String>(container: serverStore, models: ReplicaSchema.replicated, conflicts: .serverWins)
        let tabletStore = try ReplicationConvergenceTests.stores.makeClient()
        let tablet = try client(server, tabletStore, name: "tablet")
        try edit(serverStore) { $0.insert(ReplicaTask(uid: "t", title: "chore", updatedAt: Self.date)) }
        try await tablet.sync()
        try edit(tabletStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).update("renamed", at: Self.date + 20) }
        try edit(serverStore) { try $0.delete(model: ReplicaTask.self, where: #Predicate { $0.uid == "t" }) }
        let report = try await tablet.sync()
        #expect(report.refused.map(\.reason) == [.rowDeleted] && report.refused.first?.row.description == "ReplicaTask t")
        #expect(try tablet.refusals() == report.refused)
        #expect(try ModelContext(tabletStore).fetchCount(FetchDescriptor<ReplicaTask>()) == 0)
    }
}
