/// What a model's backing data reports to and asks of the context (or evaluation graph) it lives in.
protocol ModelResolver: AnyObject {
    /// The model registered under `identifier`, materializing it when needed.
    func resolveModel(for identifier: PersistentIdentifier) -> (any PersistentModel)?
    /// The models registered under `identifiers` that can be resolved, in order, materializing
    /// the missing ones together (a to-many relationship's targets: one read, not one each).
    func resolveModels(for identifiers: [PersistentIdentifier]) -> [any PersistentModel]
    /// Called before property `index` of `storage` changes (its old value and object still in
    /// place), so the owner can record the change and undo it on rollback.
    func storageWillChange(_ storage: AnyModelStorage, slot index: Int)
    /// Makes `model` part of this resolver (inserting it when detached) and returns its identifier.
    func adopt(_ model: any PersistentModel) -> PersistentIdentifier
    /// Called after a relationship of `storage` changed, so inverses can follow.
    func relationshipDidChange(_ storage: AnyModelStorage, property index: Int, from old: [PersistentIdentifier], to new: [PersistentIdentifier])
}
