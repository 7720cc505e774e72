extension AnyModelStorage {
    /// Reads property `index` as `Value`.
    func value<Value>(at index: Int, as _: Value.Type) -> Value {
        precondition(!isMissing, "\(identifier) names a model that is not in the store")
        if layout.isRelationship[index] { return relatedValue(at: index, as: Value.self) }
        switch slots[index] {
        case .value(let value):
            return value as! Value
        case .stored(let stored):
            if let direct = layout.directTypes[index], direct.holds(stored) { return direct.value(of: stored, as: Value.self) }
            let decoded: Any
            do { decoded = try layout.codecs[index]!.decode(stored) } catch {
                preconditionFailure("\(layout.entityName).\(layout.properties[index].name): \(error)")
            }
            slots[index] = .value(decoded)
            return decoded as! Value
        case .unset:
            return defaultValue(of: layout.properties[index], as: Value.self)
        }
    }

    /// Writes property `index`, recording the change with the resolver. A directly stored value
    /// is kept in its persisted form, so reading it back and saving it need no codec.
    func setValue<Value>(at index: Int, to newValue: Value) {
        let slot: Slot
        if let direct = layout.directTypes[index] {
            slot = .stored(direct.persistentValue(of: newValue))
        } else {
            slot = .value(newValue)
        }
        resolver?.storageWillChange(self)
        preparedValues = nil
        if layout.isRelationship[index] {
            setRelated(at: index, to: newValue)
        } else {
            slots[index] = slot
        }
    }

    private func defaultValue<Value>(of property: EntityLayout.Property, as _: Value.Type) -> Value {
        if let value = property.defaultValue.flatMap({ $0 as? Value }) { return value }
        if let optional = Value.self as? any OptionalProtocol.Type { return optional.nilValue as! Value }
        preconditionFailure("\(layout.entityName).\(property.name) has no value and no default")
    }

    private func relatedValue<Value>(at index: Int, as _: Value.Type) -> Value {
        precondition(
            resolver != nil || !belongsToContext,
            "\(layout.entityName).\(layout.properties[index].name) was read after its ModelContext was deallocated; keep the context alive while you use its models")
        switch slots[index] {
        case .value(let value):
            return value as! Value
        case .stored(.identifier(let id)):
            if let model = resolver?.resolveModel(for: id) { return model as! Value }
            return defaultValue(of: layout.properties[index], as: Value.self)
        case .stored(.identifiers(let ids)):
            let models = ids.compactMap { resolver?.resolveModel(for: $0) }
            return models as! Value
        case .stored, .unset:
            if Value.self is any ArrayProtocol.Type { return [any PersistentModel]() as! Value }
            return defaultValue(of: layout.properties[index], as: Value.self)
        }
    }

    private func setRelated(at index: Int, to newValue: Any) {
        guard let resolver else {
            slots[index] = .value(newValue)
            return
        }
        let old = relatedIdentifiers(at: index)
        let newIDs = Self.models(in: newValue).map { resolver.adopt($0) }
        slots[index] = layout.properties[index].relationshipTarget!.isToOne
            ? .stored(newIDs.first.map(PersistentValue.identifier) ?? .null)
            : .stored(.identifiers(newIDs))
        resolver.relationshipDidChange(self, property: index, from: old, to: newIDs)
    }

    /// The identifiers a relationship slot refers to (objects are asked for theirs).
    func relatedIdentifiers(at index: Int) -> [PersistentIdentifier] {
        switch slots[index] {
        case .stored(.identifier(let id)): return [id]
        case .stored(.identifiers(let ids)): return ids
        case .value(let value): return Self.models(in: value).map(\.storage.identifier)
        case .stored, .unset: return []
        }
    }

    /// Turns relationships set while detached into identifiers, once the model has a resolver.
    func attachDetachedRelationships() {
        for index in layout.relationshipIndices {
            guard case .value(let value) = slots[index] else { continue }
            slots[index] = .unset
            setRelated(at: index, to: value)
        }
    }

    static func models(in value: Any) -> [any PersistentModel] {
        if let models = value as? [any PersistentModel] { return models }
        guard let model = flattenedOptional(value) else { return [] }
        return [model as! any PersistentModel]
    }
}
