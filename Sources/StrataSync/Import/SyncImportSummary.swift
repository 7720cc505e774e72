/// What one import did.
public struct SyncImportSummary: Hashable, Sendable {
    /// Models created, nested ones included.
    public internal(set) var inserted = 0
    /// Existing models whose values or links changed.
    public internal(set) var updated = 0
    /// Models deleted because the payload left them out (`deletingMissing`, nested owned children).
    public internal(set) var deleted = 0
    /// Stored models left alone because the object naming them was not later in
    /// ``Syncable/syncUpdatedAt`` (its other keys were not read).
    public internal(set) var notNewer = 0
    /// The payload elements left out because they have no id (the key is absent or `null`).
    public internal(set) var skippedWithoutIdentity: [Int] = []
    /// The payload elements left out because a later element has the same remote id (within
    /// the same parent, for a scoped type): the later one is applied, whole, in their place.
    public internal(set) var repeatedIdentities: [RepeatedIdentity] = []
    /// Stored models that share a remote id with an earlier one (by primary key) of a type the
    /// import reached: the import used the earlier one and left these alone.
    public internal(set) var storedDuplicates: [StoredDuplicate] = []
    /// The foreign keys naming no stored model that the import left out, as the errors they
    /// would have been (``SyncImportOptions/ignoresUnknownReferences``).
    public internal(set) var ignoredReferences: [SyncError] = []

    /// A summary with these counts (for comparing against).
    public init(
        inserted: Int = 0, updated: Int = 0, deleted: Int = 0, notNewer: Int = 0, skippedWithoutIdentity: [Int] = [], repeatedIdentities: [RepeatedIdentity] = [],
        storedDuplicates: [StoredDuplicate] = [], ignoredReferences: [SyncError] = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.notNewer = notNewer
        self.skippedWithoutIdentity = skippedWithoutIdentity
        self.repeatedIdentities = repeatedIdentities
        self.storedDuplicates = storedDuplicates
        self.ignoredReferences = ignoredReferences
    }
}
