import StrataCore

extension SyncMapping {
    /// The stored models among `identifiers`, fetched in runs of at most 1,000 identifiers.
    /// - Throws: the fetch's error.
    func fetchIdentified(_ context: ModelContext, _ identifiers: [PersistentIdentifier]) throws -> [any PersistentModel] {
        var models: [any PersistentModel] = []
        var start = 0
        while start < identifiers.count {
            let run = Array(identifiers[start..<min(start + 1_000, identifiers.count)])
            models += try Self.fetch(modelType, run, in: context)
            start += run.count
        }
        return models
    }

    private static func fetch<Model: Syncable>(_ type: Model.Type, _ identifiers: [PersistentIdentifier], in context: ModelContext) throws -> [Model] {
        try context.fetch(FetchDescriptor<Model>(predicate: #Predicate { identifiers.contains($0.persistentModelID) }))
    }
}
