import Foundation
import StrataCore

/// Upserts ``RemoteRecord``s into ``Reconcilable`` models and reconciles what the records leave
/// out, each reconcile in one save.
///
/// ```swift
/// let reconciler = Reconciler(container: container)
/// let summary = try reconciler.reconcile(page, as: Trip.self, deletion: .softDeleteMissing)
/// ```
///
/// A record inserts the model it names when there is none, and updates it only when its
/// `updatedAt` is newer than the model's. Child collections are reconciled within each parent.
/// Each reconcile runs in a context of its own whose `author` is set; on any error (the deletion
/// guard included) or cancellation nothing is written.
public struct Reconciler: Sendable {
    /// The container reconciles write to.
    public let container: ModelContainer
    /// The `ModelContext.author` of every reconcile's save, so a change feed can skip its echoes.
    public var author: String
    /// The largest share (0...1) of a type's live rows one reconcile may delete; more is refused.
    public var maximumDeletionShare: Double

    /// A reconciler writing to `container` as `author`, refusing to delete more than
    /// `maximumDeletionShare` of any type's rows at once.
    public init(container: ModelContainer, author: String = SyncImporter.defaultAuthor, maximumDeletionShare: Double = 0.5) {
        self.container = container
        self.author = author
        self.maximumDeletionShare = maximumDeletionShare
    }

    /// Reconciles the stored models of `type` with `records`.
    /// - Parameter deletion: what happens to stored models the records leave out. With `.none`
    ///   only the models the records name are fetched; otherwise the whole table is.
    /// - Throws: ``SyncError`` (the deletion guard, a repeated remote id), `CancellationError`, or
    ///   the store's error; in every case nothing is written.
    @discardableResult
    public func reconcile<Model: Reconcilable>(_ records: [Model.Record], as type: Model.Type, deletion: DeletionPolicy = .none) throws
        -> ReconcileSummary
    {
        let context = ModelContext(container)
        context.author = author
        let run = ReconcileRun(context: context)
        let existing = try context.fetch(deletion == .none ? Self.named(records.map(\.remoteID), as: Model.self) : FetchDescriptor<Model>())
        _ = try run.reconcile(records, existing: existing, deletion: deletion)
        try run.checkDeletionGuard(maximumShare: maximumDeletionShare)
        try Task.checkCancellation()
        try context.save()
        return run.summary
    }

    /// ``reconcile(_:as:deletion:)``, waiting first for the other serialized imports and
    /// reconciles of this container when `serialized`.
    @discardableResult
    nonisolated(nonsending) public func reconcile<Model: Reconcilable>(
        _ records: [Model.Record], as type: Model.Type, deletion: DeletionPolicy = .none, serialized: Bool
    ) async throws -> ReconcileSummary
    {
        try await SyncGate.run(ObjectIdentifier(container), serialized: serialized) {
            try reconcile(records, as: type, deletion: deletion)
        }
    }

    /// The models of `type` whose remote id is one of `ids`.
    static func named<Model: Reconcilable>(_ ids: [Model.Record.RemoteID], as type: Model.Type) -> FetchDescriptor<Model> {
        let path: KeyPath<Model, Model.Record.RemoteID> & Sendable = Model.remoteIDKeyPath
        return FetchDescriptor(predicate: Predicate<Model> { model in
            PredicateExpressions.build_contains(
                PredicateExpressions.build_Arg(ids),
                PredicateExpressions.build_KeyPath(root: PredicateExpressions.build_Arg(model), keyPath: path))
        })
    }
}
