import StrataCore

extension SyncImportSummary {
    /// A stored model with the same remote id (and scope) as another of its type, as a store
    /// that predates a unique constraint may hold: the import neither writes nor deletes it.
    public struct StoredDuplicate: Hashable, Sendable {
        /// The model the import uses for the remote id: the first by primary key.
        public let kept: PersistentIdentifier
        /// The model left alone.
        public let ignored: PersistentIdentifier

        /// `ignored` left alone for `kept` (for comparing against).
        public init(kept: PersistentIdentifier, ignored: PersistentIdentifier) {
            self.kept = kept
            self.ignored = ignored
        }
    }
}
