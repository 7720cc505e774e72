import Foundation
import StrataCore
import Synchronization

/// The server side of replication over any Strata store that records history: answers pulls
/// with the changes since a token and applies pushed batches, each in one transaction, once.
///
/// It knows no HTTP: a web framework's routes call ``changes(since:for:client:schema:limit:)``
/// and ``push(_:for:)`` and send back the JSON they return (docs/replication.md; the Hummingbird
/// example mounts it).
///
/// ```swift
/// let container = try ModelContainer(for: Item.self, Project.self, ReplicationReceipt.self, configurations: …)
/// let server = try ReplicationServer<User>(
///     container: container, models: [Item.self, Project.self], conflicts: .newerWins(), scope: scope)
/// ```
public final class ReplicationServer<Principal>: Sendable {
    public let container: ModelContainer
    public let models: ReplicatedModels
    let conflicts: ConflictPolicy
    let scope: ReplicationScope<Principal>
    /// How a principal is written in receipts: a batch is answered from its receipt only for
    /// the principal and client that pushed it.
    let principalName: @Sendable (Principal) -> String
    /// The most changes a page holds (a transaction is never split, so a page can hold more).
    public let pageSize: Int
    /// Pushes are applied one at a time, so conflicts are judged against a settled history.
    let pushes = Mutex(())

    /// A server for `models` in `container`, whose schema must also hold ``ReplicationReceipt``.
    ///
    /// `principalName` writes a principal in the receipts of its batches (by default its
    /// description): give each principal a stable, distinct name, such as its user id.
    /// - Throws: ``ReplicationError/Kind/invalidSetup`` naming what to declare.
    public init(
        container: ModelContainer, models: [any Syncable.Type], conflicts: ConflictPolicy = .serverWins,
        scope: ReplicationScope<Principal> = ReplicationScope(), pageSize: Int = 5_000,
        principalName: @escaping @Sendable (Principal) -> String = { "\($0)" }
    ) throws {
        guard container.schema.entity(for: ReplicationReceipt.self) != nil else {
            throw ReplicationError(.invalidSetup, "the server's schema must include ReplicationReceipt (it remembers applied batches)")
        }
        guard (container.dataStore as? any HistoryRecording)?.recordsHistory == true else {
            throw ReplicationError(.invalidSetup, "replication reads the store's history: use a store that records it")
        }
        self.container = container
        self.models = try ReplicatedModels(models, in: container)
        try scope.check(self.models)
        self.conflicts = conflicts
        self.scope = scope
        self.principalName = principalName
        self.pageSize = max(1, pageSize)
    }

    /// The author the server records a client's pushes under; its pulls leave them out.
    public static func author(of client: String) -> String { "strata.replication/\(client)" }

    var historyStore: any HistoryRecording { container.dataStore as! any HistoryRecording }

    /// The server's latest token (number 0 when its history is empty).
    func latestToken() throws -> DefaultHistoryToken {
        DefaultHistoryToken(storeIdentifier: container.dataStore.identifier, tokenValue: try historyStore.latestHistoryToken() ?? 0)
    }
}
