import Foundation
import Logging
import Strata
import StrataConformance
import StrataSync
import StrataSyncCases
import Synchronization
import Testing

/// Nothing wedges a device (docs/replication.md rules 17–18): a refused change is settled and
/// reported, a pulled change the device cannot apply is asked for whole, and a failing sync is
/// logged.
@Suite struct ReplicationSettlementTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    let serverStore = try! ModelContainer(for: Schema(ScopedSchema.server), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())])
    let annStore = try! ModelContainer(for: Schema(ScopedSchema.client), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())])

    func client(
        as principal: String = "ann", scope: ReplicationScope<String> = ScopedSchema.byOwner, onRefused: (@Sendable ([RefusedChange]) -> Void)? = nil
    ) throws -> ReplicationClient {
        let server = try ReplicationServer<String>(container: serverStore, models: ScopedSchema.replicated, conflicts: .serverWins, scope: scope)
        return try ReplicationClient(
            container: annStore, models: ScopedSchema.replicated, name: "\(principal)-phone", transport: LocalReplicationTransport(server: server, principal: principal),
            onRefused: onRefused)
    }

    /// Saves an edit of `container` as its app does.
    func edit(_ container: ModelContainer, _ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(container)
        context.author = "app"
        try body(context)
        try context.save()
    }

    func note(_ uid: String, in context: ModelContext) throws -> ScopedNote {
        try #require(context.fetch(FetchDescriptor<ScopedNote>(predicate: #Predicate { $0.uid == uid })).first)
    }

    func notes(_ container: ModelContainer) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try ModelContext(container).fetch(FetchDescriptor<ScopedNote>()).map { ($0.uid, "\($0.owner): \($0.text)") })
    }

    func items(_ container: ModelContainer) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try ModelContext(container).fetch(FetchDescriptor<ScopedItem>()).map { ($0.uid, "\($0.title) in \($0.note?.uid ?? "-")") })
    }

    /// Item 5: ann edits a note offline while an admin gives it to bob. Her push is refused;
    /// the client records the refusal, drops the note (it left her scope), and her later saves
    /// and the server's changes keep flowing.
    @Test func aChangeToARowThatLeftTheScopeIsSettledOnce() async throws {
        let told = Mutex<[RefusedChange]>([])
        let client = try client { refused in told.withLock { $0 += refused } }
        try edit(serverStore) { $0.insert(ScopedNote(uid: "n", owner: "ann", text: "ann's", updatedAt: Self.date)) }
        try await client.sync()
        try edit(annStore) { try note("n", in: $0).text = "edited offline" }
        try edit(serverStore) { try note("n", in: $0).owner = "bob" }
        let report = try await client.sync()
        #expect(report.refused.map { "\($0.row)" } == ["ScopedNote n"] && report.refused.first?.reason == .outOfScope)
        #expect(try client.refusals() == report.refused && told.withLock { $0 } == report.refused, "recorded, and told once")
        #expect(try notes(annStore).isEmpty, "the note left ann's device")
        #expect(try notes(serverStore) == ["n": "bob: ann's"], "bob's note is as it was")

        try edit(annStore) { $0.insert(ScopedNote(uid: "later", owner: "ann", text: "later", updatedAt: Self.date)) }
        try edit(serverStore) { $0.insert(ScopedNote(uid: "from-server", owner: "ann", text: "pulled", updatedAt: Self.date)) }
        let next = try await client.sync()
        #expect(next.refused.isEmpty && next.pushed == 1, "the refused change is not sent again")
        #expect(try notes(serverStore)["later"] == "ann: later" && notes(annStore)["from-server"] == "ann: pulled")
        try client.forgetRefusals()
        #expect(try client.refusals().isEmpty)
    }

    /// Notes given to bob leave ann's device (one by a pull, one by the answer to her refused
    /// edit), but her items under them stay, unlinked: her device's delete rule must not take
    /// rows the server keeps in her scope.
    @Test func aRowThatLeavesTheScopeLeavesTheRowsUnderItInScope() async throws {
        let client = try client()
        try edit(serverStore) { context in
            for uid in ["n1", "n2"] {
                let note = ScopedNote(uid: uid, owner: "ann", text: uid, updatedAt: Self.date)
                context.insert(note)
                context.insert(ScopedItem(uid: "i" + uid.dropFirst(), owner: "ann", title: "item", updatedAt: Self.date, note: note))
            }
        }
        try await client.sync()
        try edit(annStore) { try note("n2", in: $0).text = "edited offline" }
        try edit(serverStore) { context in for note in try context.fetch(FetchDescriptor<ScopedNote>()) { note.owner = "bob" } }
        let report = try await client.sync()
        #expect(report.refused.map(\.row.description) == ["ScopedNote n2"])
        #expect(try notes(annStore).isEmpty && items(annStore) == ["i1": "item in -", "i2": "item in -"])
        #expect(try items(serverStore) == ["i1": "item in n1", "i2": "item in n2"])
    }

    /// A note ann gives away on her device is refused and comes back as the server has it.
    @Test func aRowGivenAwayOnTheDeviceComesBackAsTheServerHasIt() async throws {
        let client = try client()
        try edit(serverStore) { $0.insert(ScopedNote(uid: "n", owner: "ann", text: "ann's", updatedAt: Self.date)) }
        try await client.sync()
        try edit(annStore) { try note("n", in: $0).owner = "bob" }
        let report = try await client.sync()
        #expect(report.refused.count == 1)
        #expect(try notes(annStore) == ["n": "ann: ann's"] && notes(serverStore) == ["n": "ann: ann's"])
    }

    /// A deletion refused because its cascade reaches another principal's row comes back with
    /// the rows under it that the device's own delete rule removed.
    @Test func aRefusedDeletionComesBackWithTheRowsUnderIt() async throws {
        let client = try client(as: "bob")
        try edit(serverStore) { context in
            let note = ScopedNote(uid: "n", owner: "bob", text: "bob's", updatedAt: Self.date)
            context.insert(note)
            context.insert(ScopedItem(uid: "bob-item", owner: "bob", title: "his", updatedAt: Self.date, note: note))
            context.insert(ScopedItem(uid: "ann-item", owner: "ann", title: "hers", updatedAt: Self.date, note: note))
        }
        try await client.sync()
        try edit(annStore) { try $0.delete(model: ScopedNote.self, where: #Predicate { $0.uid == "n" }) }
        #expect(try items(annStore).isEmpty, "the device's delete rule took bob's item")
        let report = try await client.sync()
        #expect(report.refused.map(\.row.description) == ["ScopedNote n"])
        #expect(try notes(annStore) == ["n": "bob: bob's"] && items(annStore) == ["bob-item": "his in n"])
        #expect(try items(serverStore).count == 2)
    }

    /// Item 6: under a predicate rule, a note given to ann arrives as its changed `owner` only;
    /// the device, which never had it, asks for the whole row instead of failing every sync.
    @Test func aPartialRowTheDeviceLacksIsAskedForWhole() async throws {
        let byPredicate = ScopedSchema.byOwner.restricting(ScopedNote.self) { user in #Predicate<ScopedNote> { $0.owner == user } }
        let client = try client(scope: byPredicate)
        try edit(serverStore) { $0.insert(ScopedNote(uid: "b", owner: "bob", text: "bob's", updatedAt: Self.date)) }
        try await client.sync()
        try edit(serverStore) { try note("b", in: $0).owner = "ann" }
        let first = try await client.sync()
        #expect(first.refetched.map(\.description) == ["ScopedNote b"])
        try await client.sync()
        #expect(try notes(annStore) == ["b": "ann: bob's"])
    }

    /// Under a key rule the server knows a note given to ann entered her scope: it sends the
    /// whole note, and her items under it (whose link she could not see) with their link.
    @Test func aRowThatEntersTheScopeArrivesWholeWithTheRowsUnderIt() async throws {
        let client = try client()
        try edit(serverStore) { context in
            let note = ScopedNote(uid: "b", owner: "bob", text: "bob's", updatedAt: Self.date)
            context.insert(note)
            context.insert(ScopedItem(uid: "i", owner: "ann", title: "item", updatedAt: Self.date, note: note))
        }
        try await client.sync()
        #expect(try items(annStore) == ["i": "item in -"])
        try edit(serverStore) { try note("b", in: $0).owner = "ann" }
        let report = try await client.sync()
        #expect(report.refetched.isEmpty)
        #expect(try notes(annStore) == ["b": "ann: bob's"] && items(annStore) == ["i": "item in b"])
    }

    /// Item 7: the server moves item i from note n1 to n2 and deletes n1 while the device edits
    /// n1. The push's answer deletes n1 (and, by the device's delete rule, its copy of i); the
    /// pulled move of i is then asked for whole, and the device ends as the server.
    @Test func aCascadeOnTheDeviceDoesNotWedgeThePull() async throws {
        let client = try client()
        try edit(serverStore) { context in
            let n1 = ScopedNote(uid: "n1", owner: "ann", text: "one", updatedAt: Self.date)
            context.insert(n1)
            context.insert(ScopedNote(uid: "n2", owner: "ann", text: "two", updatedAt: Self.date))
            context.insert(ScopedItem(uid: "i", owner: "ann", title: "item", updatedAt: Self.date, note: n1))
        }
        try await client.sync()
        try edit(serverStore) { context in
            try #require(context.fetch(FetchDescriptor<ScopedItem>()).first).note = try note("n2", in: context)
        }
        try edit(serverStore) { try $0.delete(model: ScopedNote.self, where: #Predicate { $0.uid == "n1" }) }
        try edit(annStore) { try note("n1", in: $0).text = "edited offline" }
        let first = try await client.sync()
        #expect(first.corrections.map(\.description) == ["ScopedNote n1"], "the report names the corrected row")
        try await client.sync()
        #expect(try notes(annStore) == notes(serverStore) && items(annStore) == ["i": "item in n2"])
    }

    /// Item 13: without `onError`, a failed sync of `syncRepeatedly` is logged as an error
    /// through the container's logger.
    @Test func repeatedSyncLogsAFailureByDefault() async throws {
        let records = LogRecords()
        let store = try ModelContainer(
            for: Schema(ScopedSchema.client), configurations: [SQLiteConfiguration(url: ReplicationConvergenceTests.temporaryStore())],
            logger: Logger(label: "test") { _ in RecordingLogHandler(records: records) })
        let server = try ReplicationServer<String>(container: serverStore, models: ScopedSchema.replicated, scope: ScopedSchema.byOwner)
        let client = try ReplicationClient(
            container: store, models: ScopedSchema.replicated, name: "kiosk", transport: OfflineFirst(inner: LocalReplicationTransport(server: server, principal: "ann")))
        let repeating = Task { await client.syncRepeatedly(every: .milliseconds(10)) }
        for _ in 0..<500 where records.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        repeating.cancel()
        await repeating.value
        let logged = records.all.filter { $0.level == .error }
        #expect(logged.count == 1 && logged.first?.message.contains("unreachable") == true, "\(records.all.map(\.message))")
    }
}
