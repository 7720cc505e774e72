import StrataCore

/// The models of one type an import can reach, by remote id (and scope), and which it touched.
final class IdentityIndex {
    /// A remote id in its persisted form, within the scope of one parent (or none).
    struct Key: Hashable {
        let scope: PersistentIdentifier?
        let id: PersistentValue
    }

    private(set) var models: [Key: any PersistentModel] = [:]
    /// The keys the current import wrote, to refuse duplicates and to find the missing ones.
    private(set) var touched: Set<Key> = []

    /// Every fetched model of `mapping`'s type, keyed by its remote id and scope.
    /// - Throws: the fetch's error.
    init(_ mapping: SyncMapping, in context: ModelContext) throws {
        for model in try mapping.fetchAll(context) {
            guard let key = try Self.key(of: model, mapping) else { continue }
            models[key] = model
        }
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

    subscript(key: Key) -> (any PersistentModel)? { models[key] }

    /// Records `model` under `key` and marks the key touched; `false` when it was touched before.
    func record(_ model: any PersistentModel, at key: Key) -> Bool {
        models[key] = model
        return touched.insert(key).inserted
    }

    /// The models within `scope` (every model when `scope` is `nil` and `scoped` is `false`)
    /// that the import did not touch.
    func untouched(inScope scope: PersistentIdentifier?, scoped: Bool) -> [any PersistentModel] {
        models.filter { key, _ in !touched.contains(key) && (!scoped || key.scope == scope) }.map(\.value)
    }

    /// Forgets `key` (its model was deleted).
    func remove(_ key: Key) {
        models[key] = nil
        touched.remove(key)
    }
}
