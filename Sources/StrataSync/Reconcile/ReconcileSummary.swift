/// What one reconcile did, child collections included.
public struct ReconcileSummary: Hashable, Sendable {
    /// Models created for records that had none.
    public internal(set) var inserted = 0
    /// Models updated from a newer record.
    public internal(set) var updated = 0
    /// Models whose record was not newer, left as they were.
    public internal(set) var unchanged = 0
    /// Models deleted under ``DeletionPolicy/hardDeleteMissing``.
    public internal(set) var deleted = 0
    /// Models whose `deletedAt` was set under ``DeletionPolicy/softDeleteMissing``.
    public internal(set) var softDeleted = 0
    /// Soft-deleted models a newer record brought back.
    public internal(set) var reactivated = 0

    /// A summary with these counts (for comparing against).
    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, deleted: Int = 0, softDeleted: Int = 0, reactivated: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.deleted = deleted
        self.softDeleted = softDeleted
        self.reactivated = reactivated
    }
}
