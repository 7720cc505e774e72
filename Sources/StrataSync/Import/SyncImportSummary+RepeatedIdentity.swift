extension SyncImportSummary {
    /// A payload element left out because a later one has the same remote id.
    public struct RepeatedIdentity: Hashable, Sendable {
        /// The payload index of the element left out.
        public let index: Int
        /// The payload index of the last element with the same remote id, applied instead.
        public let appliedIndex: Int

        /// Element `index` left out for element `appliedIndex` (for comparing against).
        public init(index: Int, appliedIndex: Int) {
            self.index = index
            self.appliedIndex = appliedIndex
        }
    }
}
