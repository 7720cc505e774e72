/// A context's identity map: at most one model per identifier.
///
/// Identifiers with integer keys (every SQL row, every temporary identifier) are kept in one
/// ``IntegerKeyedTable`` per origin (store and entity); other keys in a dictionary. A fetch
/// registers every model it returns, so this sits on the hottest path of the model layer.
struct ModelRegistry {
    /// One table per origin (by its address: origins are interned and never freed); few enough
    /// (entities × stores) that a linear search finds one.
    private var tables: [(origin: UnsafeRawPointer, models: IntegerKeyedTable<any PersistentModel>)] = []
    private var otherKeys: [PersistentIdentifier: any PersistentModel] = [:]

    /// The model registered under `identifier`; assigning `nil` removes it.
    subscript(identifier: PersistentIdentifier) -> (any PersistentModel)? {
        get {
            guard case .integer(let key) = identifier.primaryKey else { return otherKeys[identifier] }
            guard let table = tableIndex(of: identifier) else { return nil }
            return tables[table].models[key]
        }
        set {
            if let newValue { updateValue(newValue, forKey: identifier) } else { removeValue(forKey: identifier) }
        }
    }

    /// Registers `model` under `identifier`, returning the model it replaced.
    @discardableResult
    mutating func updateValue(_ model: consuming any PersistentModel, forKey identifier: PersistentIdentifier) -> (any PersistentModel)? {
        guard case .integer(let key) = identifier.primaryKey else { return otherKeys.updateValue(model, forKey: identifier) }
        return tables[table(for: identifier)].models.updateValue(model, forKey: key)
    }

    /// Unregisters and returns the model under `identifier`, if any.
    @discardableResult
    mutating func removeValue(forKey identifier: PersistentIdentifier) -> (any PersistentModel)? {
        guard case .integer(let key) = identifier.primaryKey else { return otherKeys.removeValue(forKey: identifier) }
        guard let table = tableIndex(of: identifier) else { return nil }
        return tables[table].models.removeValue(forKey: key)
    }

    /// Moves the model registered under `old` to `new`, returning a model `new` had before.
    @discardableResult
    mutating func rekey(from old: PersistentIdentifier, to new: PersistentIdentifier) -> (any PersistentModel)? {
        guard let model = removeValue(forKey: old) else { return nil }
        return updateValue(model, forKey: new)
    }

    /// Makes room for `count` more models with identifiers like `identifier` (same store, entity
    /// and kind of key).
    mutating func reserveCapacity(adding count: Int, like identifier: PersistentIdentifier) {
        guard case .integer = identifier.primaryKey else {
            otherKeys.reserveCapacity(otherKeys.count + count)
            return
        }
        let table = table(for: identifier)
        tables[table].models.reserveCapacity(tables[table].models.count + count)
    }

    /// Every registered model, in no particular order.
    var models: [any PersistentModel] {
        tables.flatMap(\.models.values) + otherKeys.values
    }

    private func tableIndex(of identifier: PersistentIdentifier) -> Int? {
        let origin = identifier.originAddress
        return tables.firstIndex { $0.origin == origin }
    }

    private mutating func table(for identifier: PersistentIdentifier) -> Int {
        if let index = tableIndex(of: identifier) { return index }
        tables.append((identifier.originAddress, IntegerKeyedTable()))
        return tables.count - 1
    }
}
