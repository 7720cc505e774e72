import StrataCore

/// The models of one type an import can reach, by remote id (and scope), and which it touched.
final class IdentityIndex {
    /// A remote id in its persisted form, within the scope of one parent (or none).
    struct Key: Hashable {
        let scope: PersistentIdentifier?
        let id: PersistentValue
    }

    /// A model and whether the current import wrote it (one hash lookup answers both).
    final class Entry {
        let model: any PersistentModel
        var touched: Bool

        init(model: any PersistentModel, touched: Bool) {
            self.model = model
            self.touched = touched
        }
    }

    private var entries: [Key: Entry] = [:]

    /// Every fetched model of `mapping`'s type, keyed by its remote id and scope.
    /// - Throws: the fetch's error.
    init(_ mapping: SyncMapping, in context: ModelContext) throws {
        let models = try mapping.fetchAll(context)
        entries.reserveCapacity(models.count)
        for model in models {
            guard let key = try Self.key(of: model, mapping) else { continue }
            entries[key] = Entry(model: model, touched: false)
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

    /// The entry under `key`, if any.
    subscript(key: Key) -> Entry? { entries[key] }

    /// Records a model the import created under `key`, touched.
    func add(_ model: any PersistentModel, at key: Key) {
        entries[key] = Entry(model: model, touched: true)
    }

    /// The models within `scope` (every model when `scoped` is `false`) that the import did not touch.
    func untouched(inScope scope: PersistentIdentifier?, scoped: Bool) -> [any PersistentModel] {
        entries.filter { key, entry in !entry.touched && (!scoped || key.scope == scope) }.map(\.value.model)
    }

    /// Forgets `key` (its model was deleted).
    func remove(_ key: Key) {
        entries[key] = nil
    }
}
