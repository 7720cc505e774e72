import Foundation
import Strata
import StrataSync
import StrataSyncCases
import Synchronization
import Testing

/// The replication rules one at a time, on SQLite stores (docs/replication.md).
@Suite struct ReplicationRuleTests {
    typealias Server = ReplicationServer<String>
    let serverStore = try! ReplicationConvergenceTests.stores.makeServer()

    func server(_ conflicts: ConflictPolicy = .serverWins, scope: ReplicationScope<String> = ReplicationScope()) throws -> Server {
        try Server(container: serverStore, models: ReplicaSchema.replicated, conflicts: conflicts, scope: scope)
    }

    func client(_ server: Server, store: ModelContainer? = nil, name: String = "edge", as principal: String = "ann") throws -> ReplicationClient {
        try ReplicationClient(
            container: store ?? ReplicationConvergenceTests.stores.makeClient(), models: ReplicaSchema.replicated, name: name,
            transport: LocalReplicationTransport(server: server, principal: principal))
    }

    func save(_ container: ModelContainer, _ edit: (ModelContext) throws -> Void) throws {
        let context = ModelContext(container)
        context.author = "app"
        try edit(context)
        try context.save()
    }

    func tasks(_ container: ModelContainer) throws -> [String: ReplicaTask] {
        Dictionary(uniqueKeysWithValues: try ModelContext(container).fetch(FetchDescriptor<ReplicaTask>()).map { ($0.uid, $0) })
    }

    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aRetriedBatchAppliesOnce() throws {
        let server = try server()
        let change = ReplicationChange(
            entity: "ReplicaTask", id: "t1",
            values: ["title": "one", "done": false, "rank": 1, "owner": "ann", "updated_at": "2023-11-14T22:13:20.000Z", "project_id": NSNull()])
        let batch = PushBatch(id: "batch-1", client: "edge", base: nil, schema: server.models.schemaDigest, changes: [change])
        let first = try server.push(batch, for: "ann")
        try save(serverStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).title = "edited on the server" }
        let again = try server.push(batch, for: "ann")
        #expect(first.applied == 1 && again.applied == 1)
        #expect(try tasks(serverStore)["t1"]?.title == "edited on the server", "the repeat wrote nothing")
        #expect(try ModelContext(serverStore).fetchCount(FetchDescriptor<ReplicationReceipt>()) == 1)
        let batches = try ModelContext(serverStore).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).filter { $0.author == Server.author(of: "edge") }
        #expect(batches.count == 1, "one transaction for the batch")
    }

    /// The batch with bob's task is refused whole (no receipt, nothing applied); the client
    /// settles it (rule 17) and pushes ann's task alone in a second batch.
    @Test func aChangeOutsideTheScopeRefusesTheWholeBatch() async throws {
        let scope = ReplicationScope<String>().restricting(ReplicaTask.self) { user in #Predicate<ReplicaTask> { $0.owner == user } }
        let server = try server(scope: scope)
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try save(edge) {
            $0.insert(ReplicaTask(uid: "mine", title: "a", owner: "ann", updatedAt: Self.date))
            $0.insert(ReplicaTask(uid: "theirs", title: "b", owner: "bob", updatedAt: Self.date))
        }
        let report = try await client(server, store: edge).sync()
        #expect(report.refused.map(\.description) == ["ReplicaTask theirs: outOfScope: the batch would put ReplicaTask theirs outside this client's scope"])
        #expect(try ModelContext(serverStore).fetchCount(FetchDescriptor<ReplicationReceipt>()) == 1, "the refused batch applied nothing")
        #expect(try Set(tasks(serverStore).keys) == ["mine"] && Set(tasks(edge).keys) == ["mine"])
    }

    @Test func aPullSendsOnlyRowsInScope() async throws {
        let scope = ReplicationScope<String>().restricting(ReplicaTask.self) { user in #Predicate<ReplicaTask> { $0.owner == user } }
        let server = try server(scope: scope)
        try save(serverStore) {
            $0.insert(ReplicaTask(uid: "a1", title: "a", owner: "ann", updatedAt: Self.date))
            $0.insert(ReplicaTask(uid: "b1", title: "b", owner: "bob", updatedAt: Self.date))
        }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        try save(serverStore) {
            $0.insert(ReplicaTask(uid: "a2", title: "a", owner: "ann", updatedAt: Self.date))
            $0.insert(ReplicaTask(uid: "b2", title: "b", owner: "bob", updatedAt: Self.date))
        }
        try await client(server, store: edge).sync()
        #expect(Set(try tasks(edge).keys) == ["a1", "a2"], "the snapshot and the later pull both leave out bob's tasks")
    }

    @Test func aRowThatLeavesTheScopeLeavesTheDevice() async throws {
        let scope = ReplicationScope<String>().restricting(ReplicaTask.self) { user in #Predicate<ReplicaTask> { $0.owner == user } }
        let server = try server(scope: scope)
        try save(serverStore) { $0.insert(ReplicaTask(uid: "a1", title: "a", owner: "ann", updatedAt: Self.date)) }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        #expect(Set(try tasks(edge).keys) == ["a1"])
        try save(serverStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).owner = "bob" }
        try await client(server, store: edge).sync()
        #expect(try tasks(edge).isEmpty, "the task given to bob left ann's device")
    }

    @Test func anotherSchemaIsRefused() throws {
        let server = try server()
        let batch = PushBatch(id: "b", client: "edge", base: nil, schema: "0", changes: [])
        let push = #expect(throws: ReplicationError.self) { try server.push(batch, for: "ann") }
        #expect(push?.kind == .schemaMismatch)
        let pull = #expect(throws: ReplicationError.self) { try server.changes(since: nil, for: "ann", client: "edge", schema: "0") }
        #expect(pull?.kind == .schemaMismatch)
    }

    @Test func aTrimmedTokenResyncsFromASnapshot() async throws {
        let server = try server()
        try save(serverStore) { for uid in ["keep", "drop"] { $0.insert(ReplicaTask(uid: uid, title: uid, updatedAt: Self.date)) } }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        try save(serverStore) { context in
            try context.delete(model: ReplicaTask.self, where: #Predicate { $0.uid == "drop" })
            context.insert(ReplicaTask(uid: "new", title: "new", updatedAt: Self.date))
        }
        try ModelContext(serverStore).deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try save(serverStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>(predicate: #Predicate { $0.uid == "keep" })).first).title = "kept" }
        let report = try await client(server, store: edge).sync()
        #expect(report.resynced)
        #expect(try tasks(edge).mapValues(\.title) == ["keep": "kept", "new": "new"], "the snapshot removed what the trimmed history deleted")
    }

    @Test func serverWinsSendsTheServersRowBack() async throws {
        let server = try server(.serverWins)
        try save(serverStore) { $0.insert(ReplicaTask(uid: "t", title: "first", updatedAt: Self.date)) }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        try save(serverStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).title = "server" }
        try save(edge) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).title = "edge" }
        let report = try await client(server, store: edge).sync()
        #expect(report.corrected == 1)
        #expect(try tasks(edge)["t"]?.title == "server" && tasks(serverStore)["t"]?.title == "server")
    }

    @Test func newerWinsTakesTheLaterEdit() async throws {
        let server = try server(.newerWins())
        try save(serverStore) { $0.insert(ReplicaTask(uid: "t", title: "first", updatedAt: Self.date)) }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        try save(serverStore) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).update("server", at: Self.date + 10) }
        try save(edge) { try #require($0.fetch(FetchDescriptor<ReplicaTask>()).first).update("edge", at: Self.date + 20) }
        try await client(server, store: edge).sync()
        #expect(try tasks(edge)["t"]?.title == "edge" && tasks(serverStore)["t"]?.title == "edge")
    }

    @Test func aBatchDeleteOnTheServerReachesTheClient() async throws {
        let server = try server()
        try save(serverStore) { for rank in 0..<4 { $0.insert(ReplicaTask(uid: "t\(rank)", title: "t", rank: rank, updatedAt: Self.date)) } }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        try ModelContext(serverStore).delete(model: ReplicaTask.self, where: #Predicate { $0.rank >= 2 })
        try await client(server, store: edge).sync()
        #expect(Set(try tasks(edge).keys) == ["t0", "t1"])
    }

    @Test func pulledChangesAreNotPushedBack() async throws {
        let server = try server()
        try save(serverStore) { $0.insert(ReplicaTask(uid: "t", title: "t", updatedAt: Self.date)) }
        let edge = try client(server)
        let first = try await edge.sync()
        let second = try await edge.sync()
        #expect(first.pulled == 1 && second.pushed == 0 && second.pulled == 0)
    }

    @Test func anUnacknowledgedBatchIsSentAgainAfterARestart() async throws {
        let server = try server()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replica-\(UUID().uuidString).sqlite")
        var edge: ModelContainer? = try ModelContainer(for: Schema(ReplicaSchema.client), configurations: [SQLiteConfiguration(url: url)])
        try save(edge!) { $0.insert(ReplicaTask(uid: "t", title: "t", updatedAt: Self.date)) }
        let lost = try ReplicationClient(
            container: edge!, models: ReplicaSchema.replicated, name: "edge", transport: AnswerLost(inner: LocalReplicationTransport(server: server, principal: "ann")))
        await #expect(throws: ReplicationError.self) { try await lost.sync() }
        #expect(try tasks(serverStore).count == 1, "the server applied the batch; its answer was lost")
        edge = nil
        let reopened = try ModelContainer(for: Schema(ReplicaSchema.client), configurations: [SQLiteConfiguration(url: url)])
        let report = try await client(server, store: reopened).sync()
        #expect(report.pushed == 1, "the same batch, answered from its receipt")
        #expect(try ModelContext(serverStore).fetchCount(FetchDescriptor<ReplicationReceipt>()) == 1)
        let second = try await client(server, store: reopened).sync()
        #expect(second.pushed == 0, "the acknowledged batch is not sent a third time")
    }

    @Test func repeatedSyncRetriesWhileOfflineAndReportsProgress() async throws {
        let server = try server()
        try save(serverStore) { for uid in ["a", "b", "c"] { $0.insert(ReplicaTask(uid: uid, title: uid, updatedAt: Self.date)) } }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        let steps = Mutex<[ReplicationProgress]>([]), errors = Mutex(0)
        let client = try ReplicationClient(
            container: edge, models: ReplicaSchema.replicated, name: "edge", transport: OfflineFirst(inner: LocalReplicationTransport(server: server, principal: "ann")),
            progress: { step in steps.withLock { $0.append(step) } })
        let repeating = Task { await client.syncRepeatedly(every: .milliseconds(10)) { _ in errors.withLock { $0 += 1 } } }
        for _ in 0..<500 where try tasks(edge).count < 3 { try await Task.sleep(for: .milliseconds(10)) }
        repeating.cancel()
        await repeating.value
        #expect(try tasks(edge).count == 3)
        #expect(errors.withLock { $0 } == 1, "the first attempt failed offline and was retried")
        #expect(steps.withLock { $0.contains(.pulled(changes: 3, hasMore: false)) })
    }

    @Test func aResentBatchIsFollowedByTheChangesSavedAfterIt() async throws {
        let server = try server()
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try save(edge) { $0.insert(ReplicaTask(uid: "before", title: "t", updatedAt: Self.date)) }
        let lost = try ReplicationClient(
            container: edge, models: ReplicaSchema.replicated, name: "edge", transport: AnswerLost(inner: LocalReplicationTransport(server: server, principal: "ann")))
        await #expect(throws: ReplicationError.self) { try await lost.sync() }
        try save(edge) { $0.insert(ReplicaTask(uid: "after", title: "t", updatedAt: Self.date)) }
        let report = try await client(server, store: edge).sync()
        #expect(report.pushed == 2, "the batch whose answer was lost, then one with the later save")
        #expect(Set(try tasks(serverStore).keys) == ["before", "after"], "one sync pushes every change saved before it")
    }

    /// Rule 3: moving a task between projects changes the projects' task lists, which are not
    /// replicated: the push and the pull carry the task's change only.
    @Test func aChangeToAListThatIsNotReplicatedSendsNothing() async throws {
        let server = try server()
        try save(serverStore) { context in
            for uid in ["p1", "p2"] { context.insert(ReplicaProject(uid: uid, name: uid, updatedAt: Self.date)) }
            context.insert(ReplicaTask(uid: "t", title: "t", updatedAt: Self.date))
        }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        let recording = Recording(inner: LocalReplicationTransport(server: server, principal: "ann"))
        let client = try ReplicationClient(container: edge, models: ReplicaSchema.replicated, name: "edge", transport: recording)
        try await client.sync()
        let token = try server.changes(since: nil, for: "ann", client: "other", schema: server.models.schemaDigest).token
        try save(edge) { context in
            try #require(context.fetch(FetchDescriptor<ReplicaTask>()).first).project = try context.fetch(FetchDescriptor<ReplicaProject>(predicate: #Predicate { $0.uid == "p1" })).first
        }
        try await client.sync()
        try save(serverStore) { context in
            try #require(context.fetch(FetchDescriptor<ReplicaTask>()).first).project = try context.fetch(FetchDescriptor<ReplicaProject>(predicate: #Predicate { $0.uid == "p2" })).first
        }
        #expect(recording.batches.withLock { $0.last?.changes.map(\.entity) } == ["ReplicaTask"])
        let page = try server.changes(since: token, for: "ann", client: "other", schema: server.models.schemaDigest)
        #expect(page.changes.map(\.entity) == ["ReplicaTask"])
    }

    /// Rule 13: a date on a whole millisecond arrives exactly, though it is often stored a hair
    /// below itself (export rounds to the nearest millisecond; it truncated).
    @Test func datesArriveRoundedToTheNearestMillisecond() async throws {
        let server = try server()
        let dates = [0.001, 0.123, 0.456, 0.789, 0.999, 0.3335].map { Self.date + $0 }
        let expected = [1, 123, 456, 789, 999, 334].map { Self.date + Double($0) / 1000 }
        try save(serverStore) { context in
            for (index, date) in dates.enumerated() { context.insert(ReplicaTask(uid: "t\(index)", title: "t", updatedAt: date)) }
        }
        let edge = try ReplicationConvergenceTests.stores.makeClient()
        try await client(server, store: edge).sync()
        let arrived = try tasks(edge)
        #expect(dates.indices.map { arrived["t\($0)"]?.updatedAt } == expected)
    }

    @Test func aModelWhoseIdentityIsNotPreservedIsRefused() throws {
        let container = try ModelContainer(for: Schema(SyncCases.schema + [ReplicationReceipt.self]), configurations: [InMemoryConfiguration()])
        let error = #expect(throws: ReplicationError.self) { try ReplicationServer<String>(container: container, models: [SyncUser.self]) }
        #expect(error?.kind == .invalidSetup)
        #expect(error?.message.contains("preserveValueOnDeletion") == true)
    }
}

/// Passes a push to the server and then loses its answer, as a dropped connection does.
struct AnswerLost: ReplicationTransport {
    let inner: any ReplicationTransport

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try await inner.pull(since: since, client: client, schema: schema)
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        _ = try await inner.push(batch)
        throw ReplicationError(.transport, "the connection dropped before the answer arrived")
    }
}

/// Passes every call on, keeping each batch pushed.
final class Recording: ReplicationTransport {
    let inner: any ReplicationTransport
    let batches = Mutex<[PushBatch]>([])

    init(inner: any ReplicationTransport) {
        self.inner = inner
    }

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try await inner.pull(since: since, client: client, schema: schema)
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        batches.withLock { $0.append(batch) }
        return try await inner.push(batch)
    }
}

/// Fails its first call as an unreachable server does, then passes every call on.
final class OfflineFirst: ReplicationTransport {
    let inner: any ReplicationTransport
    private let calls = Mutex(0)

    init(inner: any ReplicationTransport) {
        self.inner = inner
    }

    private func connect() throws {
        if calls.withLock({ $0 += 1; return $0 }) == 1 { throw ReplicationError(.transport, "the server is unreachable") }
    }

    func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        try connect()
        return try await inner.pull(since: since, client: client, schema: schema)
    }

    func push(_ batch: PushBatch) async throws -> PushResult {
        try connect()
        return try await inner.push(batch)
    }
}

extension ReplicaTask {
    func update(_ title: String, at date: Date) {
        self.title = title
        updatedAt = date
    }
}

/// Three server instances on one SQLite file, every batch sent to all three at once.
@Suite struct ReplicationExactlyOnceTests {
    @Test func threeInstancesOnOneStoreApplyEachBatchOnce() throws {
        let url = ReplicationConvergenceTests.temporaryStore()
        try ExactlyOnceAcrossInstances.run {
            try ModelContainer(for: Schema(ReplicaSchema.server), configurations: [SQLiteConfiguration(url: url)])
        }
    }
}
