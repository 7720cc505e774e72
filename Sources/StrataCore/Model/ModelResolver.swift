/// What a model's backing data reports to and asks of the context (or evaluation graph) it lives in.
protocol ModelResolver: AnyObject {
    /// The model registered under `identifier`, materializing it when needed.
    func resolveModel(for identifier: PersistentIdentifier) -> (any PersistentModel)?
    /// Called before a property of `storage` changes, so the owner can record the change.
    func storageWillChange(_ storage: AnyModelStorage)
    /// Makes `model` part of this resolver (inserting it when detached) and returns its identifier.
    func adopt(_ model: any PersistentModel) -> PersistentIdentifier
    /// Called after a relationship of `storage` changed, so inverses can follow.
    func relationshipDidChange(_ storage: AnyModelStorage, property index: Int, from old: [PersistentIdentifier], to new: [PersistentIdentifier])
}
