extension ModelContext {
    /// How ``fetch(_:)`` would run `descriptor` on this context's store, without running it:
    /// the SQL it sends and which parts of the predicate, the sort and the window run in memory.
    ///
    /// ```swift
    /// print(try context.explain(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.count > 4 })))
    /// ```
    /// Values appear as placeholders unless `showingValues` is set.
    /// - Throws: ``SwiftDataError/modelNotInSchema`` or the store's typed error.
    public func explain<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, showingValues: Bool = false) throws -> FetchExplanation {
        let entity = try entity(for: T.self)
        var explanation = try storeExplanation(container.dataStore, descriptor, showingValues: showingValues)
        if descriptor.includePendingChanges, hasPendingChanges(of: entity) {
            explanation.notes.append(
                "this context has unsaved changes of \(entity.name): they are merged in memory, so the store runs the fetch without its window and the context applies offset and limit")
        }
        return explanation
    }

    /// The store's explanation of a request, or the default for a store that gives none.
    func storeExplanation<Store: DataStore, T: PersistentModel>(_ store: Store, _ descriptor: FetchDescriptor<T>, showingValues: Bool) throws -> FetchExplanation {
        guard let explaining = store as? any DataStoreExplaining else {
            return .evaluatedByStore(descriptor, schema: container.schema, evaluator: String(describing: Store.self), showingValues: showingValues)
        }
        return try explaining.explain(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState), showingValues: showingValues)
    }
}
