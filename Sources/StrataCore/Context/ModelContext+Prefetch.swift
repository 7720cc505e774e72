extension ModelContext {
    /// Loads, with one store call, the models that `descriptor`'s prefetched relationships
    /// reach from `models` and that the store did not return with the fetch (a store that does
    /// not prefetch, or a fetch the context evaluated in memory), so reading them costs nothing.
    /// - Throws: the store's typed error.
    func prefetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, for models: [T], entity: Schema.Entity) throws {
        let relationships = descriptor.prefetchedRelationships(of: entity)
        guard !relationships.isEmpty, !models.isEmpty else { return }
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
        guard !missing.isEmpty else { return }
        _ = try loadModels(missing)
    }
}
