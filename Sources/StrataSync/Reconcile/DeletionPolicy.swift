/// What a reconcile does with stored models that the records leave out.
public enum DeletionPolicy: Hashable, Sendable {
    /// Keep them: the records are a page or a delta, not the whole set.
    case none
    /// Delete them.
    case hardDeleteMissing
    /// Set their `deletedAt` (``Reconcilable/deletedAtKeyPath``); a record that reappears newer
    /// reactivates the model.
    case softDeleteMissing
}
