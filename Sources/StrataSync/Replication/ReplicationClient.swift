import Foundation
import StrataCore

/// The edge side of replication: pushes the changes made in its store since its last push,
/// then pulls the server's, each step in one local save, with its state in the same store.
///
/// ```swift
/// let container = try ModelContainer(for: Item.self, Project.self, ReplicationClientState.self, configurations: …)
/// let client = try ReplicationClient(container: container, models: [Item.self, Project.self],
///                                    name: deviceID, transport: HTTPReplicationTransport(server: url))
/// let report = try await client.sync()
/// ```
///
/// What the client applies from the server it records under ``author``, so it is never pushed
/// back; the app's own contexts must use another author. A row changed here and not yet
/// pushed is not overwritten by a pull: it is pushed next and the server settles it.
///
/// A change the server refuses for a reason the device cannot fix (a row that left its scope)
/// is settled, never sent again: the client records it (``refusals()``, `onRefused`), takes
/// the server's row, and pushes the rest of the batch and every later save.
public actor ReplicationClient {
    /// The author of everything the client writes to its store.
    public static let author = "strata.replication"

    public nonisolated let container: ModelContainer
    public nonisolated let models: ReplicatedModels
    /// The client's name, stable across restarts: the server records its pushes under it.
    public nonisolated let name: String
    public nonisolated let transport: any ReplicationTransport
    /// Told of each step of a sync.
    private let progress: (@Sendable (ReplicationProgress) -> Void)?
    /// Told of the changes the server refused, once each, when the client settles them.
    let onRefused: (@Sendable ([RefusedChange]) -> Void)?
    private var running: Task<ReplicationReport, any Error>?

    /// A client for `models` in `container`, whose schema must also hold ``ReplicationClientState``;
    /// `onRefused` is told of each change the server refuses, when the client settles it.
    /// - Throws: ``ReplicationError/Kind/invalidSetup`` naming what to declare.
    public init(
        container: ModelContainer, models: [any Syncable.Type], name: String, transport: any ReplicationTransport,
        progress: (@Sendable (ReplicationProgress) -> Void)? = nil, onRefused: (@Sendable ([RefusedChange]) -> Void)? = nil
    ) throws {
        guard container.schema.entity(for: ReplicationClientState.self) != nil else {
            throw ReplicationError(.invalidSetup, "the client's schema must include ReplicationClientState (it keeps the client's tokens)")
        }
        guard (container.dataStore as? any HistoryRecording)?.recordsHistory == true else {
            throw ReplicationError(.invalidSetup, "replication reads the store's history: use a store that records it")
        }
        self.container = container
        self.models = try ReplicatedModels(models, in: container)
        self.name = name
        self.transport = transport
        self.progress = progress
        self.onRefused = onRefused
    }

    /// Pushes, then pulls. A sync asked for while one runs waits for it and then runs.
    /// - Throws: ``ReplicationError`` or the store's error. What was saved stays saved; the next
    ///   sync resumes (an unacknowledged batch is sent again, under the same id).
    @discardableResult
    public func sync() async throws -> ReplicationReport {
        while let running { _ = try? await running.value }
        let task = Task { try await self.pushThenPull() }
        running = task
        defer { running = nil }
        return try await task.value
    }

    /// Syncs every `interval` until the task is cancelled; a failed sync is passed to `onError`
    /// (by default, logged as an error through the container's logger) and tried again at the
    /// next interval (the device may be offline).
    public func syncRepeatedly(every interval: Duration, onError: (@Sendable (any Error) -> Void)? = nil) async {
        while !Task.isCancelled {
            do {
                try await sync()
            } catch is CancellationError {
                return
            } catch {
                if let onError { onError(error) } else { container.logger.error("replication client \(name): sync failed, trying again in \(interval): \(error)") }
            }
            try? await Task.sleep(for: interval)
        }
    }

    /// The changes the server refused that the client settled (it took the server's rows
    /// instead), oldest first, until ``forgetRefusals()``.
    /// - Throws: the store's error.
    public nonisolated func refusals() throws -> [RefusedChange] {
        try stateContext().1.refusals
    }

    /// Forgets the recorded refusals, once the app has shown or handled them.
    /// - Throws: the store's error.
    public nonisolated func forgetRefusals() throws {
        let (context, state) = try stateContext()
        state.refusals = []
        try context.save()
    }

    private func pushThenPull() async throws -> ReplicationReport {
        var report = ReplicationReport()
        try await push(into: &report)
        try await pull(into: &report)
        return report
    }

    /// A context writing as the client, and the client's state in it.
    nonisolated func stateContext() throws -> (ModelContext, ReplicationClientState) {
        let context = ModelContext(container)
        context.author = Self.author
        let client = name
        if let state = try context.fetch(FetchDescriptor<ReplicationClientState>(predicate: #Predicate { $0.client == client })).first {
            return (context, state)
        }
        let state = ReplicationClientState(client: name)
        context.insert(state)
        return (context, state)
    }

    func tell(_ step: ReplicationProgress) { progress?(step) }
}

/// What one sync did.
public struct ReplicationReport: Sendable, Hashable {
    /// Local changes the server acknowledged.
    public var pushed = 0
    /// Of those, the rows the server sent back as it settled them.
    public var corrected = 0
    /// The rows the server sent back (its row, or its deletion), each time one came.
    public var corrections: [ReplicaRow] = []
    /// The pushed changes the server refused, with its reason; the client took the server's
    /// rows instead and does not send them again.
    public var refused: [RefusedChange] = []
    /// Pulled changes the client could not apply (an update of a row it does not have): it asks
    /// the server for the whole row in its next push.
    public var refetched: [ReplicaRow] = []
    /// Server changes applied here.
    public var pulled = 0
    /// Server changes left alone because the row has local changes not yet pushed.
    public var deferred = 0
    /// Whether the server's history no longer covered the client's token, so a snapshot was pulled.
    public var resynced = false

    /// A report of nothing done yet.
    public init() {}
}

/// A step of a sync, for progress display.
public enum ReplicationProgress: Sendable, Hashable {
    /// A batch of this many changes is being sent.
    case pushing(changes: Int)
    /// A page of this many changes was applied; more follow when `hasMore`.
    case pulled(changes: Int, hasMore: Bool)
}
