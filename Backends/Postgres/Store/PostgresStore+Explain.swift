import StrataCore
import StrataSQL

/// The SQL a fetch runs and what it leaves to Swift, as ``SQLStoreEngine`` plans it.
extension PostgresStore: DataStoreExplaining {
    public func explain<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, showingValues: Bool) throws -> FetchExplanation {
        try engine.explain(engine.plan(request, for: .snapshots), evaluator: "PostgresStore", showingValues: showingValues)
    }

    public func fallsBack<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Bool {
        try engine.plan(request, for: .snapshots).evaluatesInMemory
    }
}
