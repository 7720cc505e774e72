/// Turns a store's snapshots into models outside any context, so a store can evaluate
/// Swift predicates and sorts over them (relationships resolve through `lookup`).
///
/// ```swift
/// let graph = ModelGraph(schema: schema) { id in rows[id] }
/// let trips = snapshots.map { graph.model(Trip.self, for: $0) }
/// let matching = FetchEvaluator.apply(descriptor, to: trips)
/// ```
/// A graph is meant to live for one request; it keeps every model it created.
public final class ModelGraph {
    private let schema: Schema
    private let lookup: (PersistentIdentifier) -> DefaultSnapshot?
    private var models: [PersistentIdentifier: any PersistentModel] = [:]
    private let owner = ModelOwner()

    /// A graph over `schema` whose related rows come from `lookup`.
    public init(schema: Schema, lookup: @escaping (PersistentIdentifier) -> DefaultSnapshot?) {
        self.schema = schema
        self.lookup = lookup
        owner.connect(self)
    }

    /// A graph whose models, once it is gone, keep reading through `container`'s store what
    /// only the store has (``ModelOwner/container``).
    convenience init(container: ModelContainer, lookup: @escaping (PersistentIdentifier) -> DefaultSnapshot?) {
        self.init(schema: container.schema, lookup: lookup)
        owner.keepReading(through: container)
    }

    /// The model for `snapshot` (the same object for the same identifier), of the class of the
    /// snapshot's entity: a row of a subentity of `T`'s (a `Car` read as a `Vehicle`) is a model
    /// of the subentity's class.
    public func model<T: PersistentModel>(_ type: T.Type, for snapshot: DefaultSnapshot) -> T {
        if let model = models[snapshot.persistentIdentifier] as? T { return model }
        let layout = EntityLayout.of(T.self)
        if snapshot.persistentIdentifier.entityName != layout.entityName,
            let entity = schema.entitiesByName[snapshot.persistentIdentifier.entityName], ObjectIdentifier(entity.modelType) != ObjectIdentifier(T.self) {
            func make<Model: PersistentModel>(_ type: Model.Type) -> any PersistentModel { self.model(type, for: snapshot) }
            return make(entity.modelType) as! T
        }
        // `layout` (a local) and `owner` (a constant of the graph) outlive the call.
        let seed = _ModelSeed(layout: layout, identifier: snapshot.persistentIdentifier, owner: owner)
        let model = T._makeModel(seed, values: ModelContext.values(of: snapshot, layout: layout))
        models[snapshot.persistentIdentifier] = model
        return model
    }

    /// The persisted values of a model of this graph, as a snapshot would hold them.
    public func snapshot(of model: any PersistentModel) throws -> DefaultSnapshot {
        let storage = model.storage
        return DefaultSnapshot(persistentIdentifier: storage.identifier, layout: storage.layout.snapshotLayout, values: try storage.encodedValues())
    }
}

extension ModelGraph: ModelResolver {
    func resolveModel(for identifier: PersistentIdentifier) -> (any PersistentModel)? {
        if let model = models[identifier] { return model }
        guard let snapshot = lookup(identifier), let entity = schema.entitiesByName[identifier.entityName] else { return nil }
        func make<T: PersistentModel>(_ type: T.Type) -> any PersistentModel { self.model(type, for: snapshot) }
        return make(entity.modelType)
    }

    /// One at a time: the graph looks its snapshots up in memory.
    func resolveModels(for identifiers: [PersistentIdentifier]) -> [any PersistentModel] {
        identifiers.compactMap(resolveModel)
    }

    func storageWillChange(_ storage: AnyModelStorage, slot index: Int) {}

    func adopt(_ model: any PersistentModel) -> PersistentIdentifier { model.storage.identifier }

    func relationshipDidChange(_ storage: AnyModelStorage, property index: Int, from old: [PersistentIdentifier], to new: [PersistentIdentifier]) {}
}
