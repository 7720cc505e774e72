extension ModelContext {
    /// The models that `descriptor`'s prefetched relationships reach from `models` and that the
    /// store did not return with the fetch (a store that does not prefetch, or a fetch the
    /// context evaluated in memory): the fetch loads them with one store call, so reading them
    /// costs nothing.
    func prefetchTargets<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, for models: [T], entity: Schema.Entity) -> [PersistentIdentifier] {
        let relationships = descriptor.prefetchedRelationships(of: entity)
        guard !relationships.isEmpty, !models.isEmpty else { return [] }
        var missing: [PersistentIdentifier] = []
        var seen = Set<PersistentIdentifier>()
        for relationship in relationships {
            guard let slot = entity.layout.snapshotLayout.index(of: relationship.name) else { continue }
            for model in models {
                for target in model.storage.relatedIdentifiers(at: slot)
                where !target.isTemporary && registry[target] == nil && relatedValues[target] == nil && seen.insert(target).inserted {
                    missing.append(target)
                }
            }
        }
        return missing
    }
}
