/// The explanation of the store the configuration selected.
extension DefaultStore: DataStoreExplaining {
    public func explain<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, showingValues: Bool) throws -> FetchExplanation {
        guard let explaining = backing as? any DataStoreExplaining else {
            return .evaluatedByStore(request.descriptor, schema: schema, evaluator: String(describing: type(of: backing)), showingValues: showingValues)
        }
        return try explaining.explain(request, showingValues: showingValues)
    }

    public func fallsBack<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Bool {
        try (backing as? any DataStoreExplaining)?.fallsBack(request) ?? false
    }
}
