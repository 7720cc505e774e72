/// How a context answers a fetch: what it asks the store, and what it does with the answer.
/// Shared by the synchronous and `async` fetches, which differ only in how they call the store.
struct FetchRoute<T: PersistentModel> {
    let descriptor: FetchDescriptor<T>
    let entity: Schema.Entity
    /// What the store is asked: the descriptor, or without its window when the context merges
    /// its pending changes in (the window then applies to the merged result).
    let storeDescriptor: FetchDescriptor<T>
    let mergesPendingChanges: Bool
    /// The identifier of the one saved model the fetch can return, when it is a lookup by
    /// identifier the context answers as `model(for:)` loads a model (see
    /// ``ModelContext/lookedUpIdentifier(_:entity:mergesPendingChanges:)``); `nil` otherwise.
    let lookedUpIdentifier: PersistentIdentifier?

    /// The fetch's models from the store's answer: as they are, or merged with the context's
    /// pending changes, sorted and windowed.
    func finish(_ stored: [T], of context: ModelContext) -> [T] {
        guard mergesPendingChanges else { return stored }
        let saved = stored.filter { !$0.storage.isChanged && !$0.storage.isDeleted }
        let pending = (context.insertedModelsArray + context.changedModelsArray).compactMap { $0 as? T }.filter { !$0.storage.isDeleted }
        let merged = saved + (descriptor.predicate.map { FetchEvaluator.filter(pending, by: $0) } ?? pending)
        let sorted = descriptor.sortBy.isEmpty ? merged : FetchEvaluator.sort(merged, by: descriptor.sortBy)
        return FetchEvaluator.window(sorted, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }
}

/// The store fetches of one context fetch: the descriptor first, then, each time the store
/// refuses the predicate or the sort, a simpler request whose result the context evaluates.
struct StoreFetchAttempts<T: PersistentModel> {
    private let descriptor: FetchDescriptor<T>
    private let operation: String
    private var attempt: FetchDescriptor<T>
    private var evaluatesHere = false

    init(_ descriptor: FetchDescriptor<T>, during operation: String) {
        self.descriptor = descriptor
        self.operation = operation
        self.attempt = descriptor
    }

    /// The store request of the current attempt.
    func request(in context: ModelContext) -> DataStoreFetchRequest<T> {
        DataStoreFetchRequest(descriptor: attempt, editingState: context.editingState)
    }

    /// The fetch's models from what the current attempt returned.
    func evaluate(_ models: [T]) -> [T] {
        evaluatesHere ? FetchEvaluator.apply(descriptor, to: models) : models
    }

    /// Moves to a simpler attempt when the store refused the predicate or the sort (warning
    /// through the container's logger that memory evaluates it).
    /// - Throws: `error` when it is not such a refusal.
    mutating func retry(after error: any Error, in context: ModelContext) throws {
        switch error {
        case DataStoreError.preferInMemoryFilter where attempt.predicate != nil:
            context.warnRefused(.predicate, of: descriptor, during: operation)
            attempt = FetchDescriptor<T>()
        case DataStoreError.preferInMemorySort where !attempt.sortBy.isEmpty:
            context.warnRefused(.sort, of: descriptor, during: operation)
            attempt.sortBy = []
            attempt.fetchLimit = nil
            attempt.fetchOffset = nil
        default:
            throw error
        }
        evaluatesHere = true
    }
}

extension ModelContext {
    /// Checks a fetch (a read that failed since the last save or fetch is thrown first, once)
    /// and decides how to answer it.
    /// - Throws: as ``fetch(_:)``.
    func route<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> FetchRoute<T> {
        try throwFailedRead()
        let entity = try entity(for: T.self)
        try descriptor.validateKeyPaths(for: entity)
        var storeDescriptor = descriptor
        let mergesPendingChanges = descriptor.includePendingChanges && hasPendingChanges(of: entity)
        if mergesPendingChanges {
            storeDescriptor.fetchLimit = nil
            storeDescriptor.fetchOffset = nil
        }
        let lookedUp = lookedUpIdentifier(descriptor, entity: entity, mergesPendingChanges: mergesPendingChanges)
        if lookedUp == nil { warnIfStoreFallsBack(storeDescriptor, during: "fetch") }
        return FetchRoute(
            descriptor: descriptor, entity: entity, storeDescriptor: storeDescriptor, mergesPendingChanges: mergesPendingChanges,
            lookedUpIdentifier: lookedUp)
    }

    /// The store request of a count or an identifier fetch, or `nil` when pending changes of the
    /// entity make it a count or map of a full fetch.
    /// - Throws: as ``fetch(_:)``.
    func storeRequest<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, for operation: StoreInstrumentation.Operation
    ) throws -> DataStoreFetchRequest<T>? {
        try throwFailedRead()
        let entity = try entity(for: T.self)
        if descriptor.includePendingChanges, hasPendingChanges(of: entity) { return nil }
        var explained = descriptor
        if operation == .fetchCount { explained.sortBy = [] }  // a count does not depend on the order
        warnIfStoreFallsBack(explained, during: operation.rawValue)
        return DataStoreFetchRequest(descriptor: descriptor, editingState: editingState)
    }
}
