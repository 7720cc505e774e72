import StrataCore

/// The models of one type an import can reach, by remote id (and scope), and which it touched.
final class IdentityIndex {
    /// A remote id in its persisted form, within the scope of one parent (or none).
    struct Key: Hashable {
        let scope: PersistentIdentifier?
        let id: PersistentValue
    }

    /// Where each key's model sits in ``models`` and ``touched``: plain arrays, so an import of
    /// many new models allocates no object per model.
    private var positions: [Key: Int] = [:]
    private var models: [any PersistentModel] = []
    /// Whether the current import wrote the model at the same position.
    private var touched: [Bool] = []

    /// The stored models that share a key with one first by primary key, which the index holds
    /// instead (a store that predates a unique constraint).
    private(set) var duplicates: [SyncImportSummary.StoredDuplicate] = []

    /// The keys a partial index holds every stored model of; `nil` for a full index (every
    /// stored model of the type).
    private var coverage: Set<Key>?
    private let mapping: SyncMapping
    private unowned let context: ModelContext

    /// Every fetched model of `mapping`'s type, keyed by its remote id and scope; of models
    /// sharing a key, the first by primary key.
    /// - Throws: the fetch's error.
    init(_ mapping: SyncMapping, in context: ModelContext) throws {
        self.mapping = mapping
        self.context = context
        try index(try mapping.fetchAll(context))
    }

    /// A partial index: the stored models whose remote id is one of `ids` (coerced to the
    /// identity's type). A key it was not built for is fetched when first looked up
    /// (``cover(_:id:)``). A type whose identity cannot be fetched by value gets a full index.
    /// - Throws: the fetch's error.
    init(_ mapping: SyncMapping, in context: ModelContext, covering ids: [Any]) throws {
        self.mapping = mapping
        self.context = context
        guard let fetched = try mapping.fetchByRemoteID(context, ids) else {
            try index(try mapping.fetchAll(context))
            return
        }
        coverage = Set(try ids.map { Key(scope: nil, id: try mapping.identity.codec.encode($0)) })
        try index(fetched)
    }

    /// Makes sure the index holds the stored models under `key` (remote id `id`) before it is
    /// looked up: a partial index fetches them the first time.
    /// - Throws: the fetch's error.
    func cover(_ key: Key, id: Any) throws {
        guard coverage?.contains(key) == false, key.scope == nil, let fetched = try mapping.fetchByRemoteID(context, [id]) else { return }
        coverage?.insert(key)
        try index(fetched)
    }

    /// Adds `fetched` (stored models); of models sharing a key, the first by primary key is held.
    private func index(_ fetched: [any PersistentModel]) throws {
        reserveCapacity(adding: fetched.count)
        var displaced: [(key: Key, model: any PersistentModel)] = []
        for model in fetched {
            guard let key = try Self.key(of: model, mapping) else { continue }
            if let position = positions[key] {
                let held = models[position]
                let keepsHeld = held.persistentModelID < model.persistentModelID
                displaced.append((key: key, model: keepsHeld ? model : held))
                if !keepsHeld { models[position] = model }
                continue
            }
            insert(model, at: key, touched: false)
        }
        duplicates += displaced.map { .init(kept: models[positions[$0.key]!].persistentModelID, ignored: $0.model.persistentModelID) }
            .sorted { $0.ignored < $1.ignored }
    }

    /// Makes room for `count` more models, so a large import does not rehash as it grows.
    func reserveCapacity(adding count: Int) {
        positions.reserveCapacity(positions.count + count)
        models.reserveCapacity(models.count + count)
        touched.reserveCapacity(touched.count + count)
    }

    /// The key `model` is indexed under; `nil` when its identity is `nil`.
    static func key(of model: any PersistentModel, _ mapping: SyncMapping) throws -> Key? {
        guard let id = unwrappedValue(mapping.identity.access.get(model)) else { return nil }
        return Key(scope: mapping.scope.flatMap { scopeIdentifier(of: model, $0) }, id: try mapping.identity.codec.encode(id))
    }

    /// The identifier of the parent `model` is scoped by, if it has one.
    static func scopeIdentifier(of model: any PersistentModel, _ scope: SyncMapping.Relationship) -> PersistentIdentifier? {
        (unwrappedValue(scope.access.get(model)) as? any PersistentModel)?.persistentModelID
    }

    /// The model under `key`, if any.
    func model(at key: Key) -> (any PersistentModel)? {
        positions[key].map { models[$0] }
    }

    /// Marks the model under `key` touched and returns it; `nil` when there is none (one hash
    /// lookup answers both).
    func touch(_ key: Key) -> (any PersistentModel)? {
        guard let position = positions[key] else { return nil }
        touched[position] = true
        return models[position]
    }

    /// Records a model the import created under `key`, touched.
    func add(_ model: any PersistentModel, at key: Key) {
        insert(model, at: key, touched: true)
    }

    private func insert(_ model: any PersistentModel, at key: Key, touched isTouched: Bool) {
        if let position = positions[key] {
            models[position] = model
            touched[position] = isTouched
            return
        }
        positions[key] = models.count
        models.append(model)
        touched.append(isTouched)
    }

    /// The models within `scope` (every model when `scoped` is `false`) that the import did not touch.
    func untouched(inScope scope: PersistentIdentifier?, scoped: Bool) -> [any PersistentModel] {
        precondition(coverage == nil, "a partial identity index cannot tell which stored models an import left out")
        return positions.filter { key, position in !touched[position] && (!scoped || key.scope == scope) }.map { models[$0.value] }
    }

    /// Forgets `key` (its model was deleted).
    func remove(_ key: Key) {
        positions[key] = nil
    }
}
