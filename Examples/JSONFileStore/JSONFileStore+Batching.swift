import StrataCore

extension JSONFileStore {
    /// Deletes the rows of `T` (and of its subclasses, unless `includeSubclasses` is false)
    /// matching the predicate in one read and one write, following
    /// the delete rules. The predicate is evaluated in Swift over models built from the rows
    /// (`ModelGraph` + `FetchEvaluator`), so it means exactly what it means to a context.
    /// - Throws: ``SwiftDataError/deleteRuleViolation`` (nothing is deleted then), or the file
    ///   system's error.
    public func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws {
        let entity = try entity(for: T.self)
        try lock.withLock {
            var state = try load()
            // A class's rows include its subclasses' unless the request says otherwise.
            let candidates = request.includeSubclasses ? state.rows.rows(of: entity) : state.rows.rows(of: entity.name)
            var doomed = candidates.map(\.persistentIdentifier)
            if let predicate = request.predicate {
                let rows = state.rows
                let graph = ModelGraph(schema: schema) { rows[$0] }
                let models = candidates.map { graph.model(T.self, for: $0) }
                doomed = FetchEvaluator.filter(models, by: predicate).map(\.persistentModelID)
            }
            guard !doomed.isEmpty else { return }
            _ = try JSONDeletion(schema: schema).apply(Set(doomed), to: &state.rows)
            try file.write(state.document)
        }
    }
}
