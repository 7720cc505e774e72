/// The batches of models behind a ``FetchResultsCollection``: the identifiers of every result,
/// and the models of the batches read last.
final class ModelBatches<T: PersistentModel> {
    private let context: ModelContext
    private let entity: Schema.Entity
    private let identifiers: [PersistentIdentifier]
    private let batchSize: Int
    /// The batches loaded last, most recent last; at most ``keptBatches``.
    private var loaded: [(batch: Int, models: [T])] = []
    /// Two, so code that reads across a batch boundary (`zip(c, c.dropFirst())`) does not reload.
    private let keptBatches = 2

    init(context: ModelContext, entity: Schema.Entity, identifiers: [PersistentIdentifier], batchSize: Int) {
        self.context = context
        self.entity = entity
        self.identifiers = identifiers
        self.batchSize = batchSize
    }

    deinit {
        for index in loaded.indices { context.release(&loaded[index].models) }
    }

    /// The model at `position`, loading its batch when it is not one of the kept ones.
    func model(at position: Int) -> T {
        let batch = position / batchSize
        let offset = position - batch * batchSize
        if loaded.last?.batch == batch { return loaded[loaded.count - 1].models[offset] }
        if let kept = loaded.firstIndex(where: { $0.batch == batch }) {
            loaded.append(loaded.remove(at: kept))
            return loaded[loaded.count - 1].models[offset]
        }
        let start = batch * batchSize
        let models: [T]
        do {
            models = try context.loadBatch(identifiers[start..<min(start + batchSize, identifiers.count)], as: T.self, entity: entity)
        } catch {
            fatalError("FetchResultsCollection could not load the batch at \(start): \(error)")
        }
        if loaded.count == keptBatches {
            context.release(&loaded[0].models)
            loaded.removeFirst()
        }
        loaded.append((batch, models))
        return models[offset]
    }
}
