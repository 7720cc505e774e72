/// A store that can tell how it runs a fetch: which statements it sends and which parts of
/// the descriptor it leaves to Swift. ``ModelContext/explain(_:showingValues:)`` asks it, and
/// the context asks it to warn through ``ModelContainer/logger`` when a fetch falls back.
///
/// A store that does not adopt it gets ``FetchExplanation/evaluatedByStore(_:schema:evaluator:showingValues:)``.
public protocol DataStoreExplaining<Snapshot>: DataStore {
    /// How the store would run `request`, without running it. The explanation must describe
    /// what ``DataStore/fetch(_:)`` does for the same request.
    /// - Parameter showingValues: whether bound values appear (they may be personal data).
    /// - Throws: the store's typed error, such as ``SwiftDataError/modelNotInSchema``.
    func explain<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, showingValues: Bool) throws -> FetchExplanation

    /// Whether the store evaluates part of `request` in Swift (``FetchExplanation/fallsBack``),
    /// asked before every fetch while warnings are logged: override it when you can tell more
    /// cheaply than by building the explanation.
    /// - Throws: as ``explain(_:showingValues:)``.
    func fallsBack<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Bool
}

extension DataStoreExplaining {
    public func fallsBack<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Bool {
        try explain(request, showingValues: false).fallsBack
    }
}

extension FetchExplanation {
    /// The explanation for a store that does not explain itself: every part is the store's.
    /// (What such a store refuses at fetch time, the context evaluates in Swift and logs.)
    public static func evaluatedByStore<T>(
        _ descriptor: FetchDescriptor<T>, schema: Schema, evaluator: String, showingValues: Bool
    ) -> FetchExplanation {
        let describer = PredicateDescriber(schema: schema, showsValues: showingValues)
        return FetchExplanation(
            entityName: Schema.entityName(for: T.self), evaluator: evaluator, statements: [],
            predicate: (descriptor.predicate.map { describer.describe($0) } ?? []).map { Part($0, .store) },
            sort: descriptor.sortBy.map { Part(describer.describe($0), .store) },
            limit: descriptor.fetchLimit.map { _ in .store }, offset: descriptor.fetchOffset.map { _ in .store },
            notes: ["\(evaluator) does not explain its plan: the whole descriptor is evaluated by the store"])
    }
}
