/// What one import did.
public struct SyncImportSummary: Hashable, Sendable {
    /// Models created, nested ones included.
    public internal(set) var inserted = 0
    /// Existing models whose values or links changed.
    public internal(set) var updated = 0
    /// Models deleted because the payload left them out (`deletingMissing`, nested owned children).
    public internal(set) var deleted = 0

    /// A summary with these counts (for comparing against).
    public init(inserted: Int = 0, updated: Int = 0, deleted: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
