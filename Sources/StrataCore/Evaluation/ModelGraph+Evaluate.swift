/// Swift evaluation over a store's snapshots, for a store that answers part of a descriptor
/// itself (a SQL `WHERE` with the conjuncts it can translate) and leaves the rest to Swift.
extension ModelGraph {
    /// The snapshots whose models `predicate` evaluates to `true` for, in their order; a row
    /// for which the predicate throws (a forced unwrap of nil) does not match.
    public func filter<T: PersistentModel>(_ snapshots: [DefaultSnapshot], by predicate: Predicate<T>) -> [DefaultSnapshot] {
        snapshots.filter { (try? predicate.evaluate(model(T.self, for: $0))) == true }
    }

    /// The snapshots in the order ``FetchEvaluator/sort(_:by:)`` gives their models; ties keep
    /// their order.
    public func sort<T: PersistentModel>(_ snapshots: [DefaultSnapshot], by sortBy: [SortDescriptor<T>]) -> [DefaultSnapshot] {
        let models = snapshots.map { model(T.self, for: $0) }
        let position = Dictionary(uniqueKeysWithValues: zip(models.lazy.map(\.persistentModelID), snapshots.indices))
        return FetchEvaluator.sort(models, by: sortBy).map { snapshots[position[$0.persistentModelID]!] }
    }
}
