extension AnyModelStorage {
    /// Reads property `index` as `Value`.
    ///
    /// A stored value that does not decode as `Value` (a `Codable` type whose shape changed)
    /// reads as the property's default, or `nil`, and the model's context throws the error from
    /// its next save or fetch; without a default or a context to report to, it traps.
    func value<Value>(at index: Int, as _: Value.Type) -> Value {
        mergeIfChangesWait()
        precondition(!isMissing, "\(identifier) names a model that is not in the store; model(for:) returns such a model, registeredModel(for:) or a fetch does not")
        if layout.isRelationship[index] { return relatedValue(at: index, as: Value.self) }
        switch object(at: index) {
        case .decoded(let value)?, .assigned(let value)?:
            return value as! Value
        case nil, .unloadedChanges?:
            break
        }
        // A fetched model's empty slot may be an attribute a partial fetch left out: its context
        // loads it, or, once the context is gone, its container's store.
        guard let stored = values[index] ?? (isInserted ? nil : unfetchedValue(at: index)) else {
            return defaultValue(of: layout.properties[index], as: Value.self)
        }
        if let direct = layout.directTypes[index], direct._holds(stored) { return direct.value(of: stored, as: Value.self) }
        let decoded: Any
        do { decoded = try layout.codecs[index]!.decode(stored) } catch {
            let property = layout.properties[index]
            guard let context, property.defaultValue != nil || property.valueType is any OptionalProtocol.Type else {
                preconditionFailure("\(layout.entityName).\(property.name): \(error)")
            }
            context.recordFailedRead(error)
            return defaultValue(of: property, as: Value.self)
        }
        setObject(.decoded(decoded), at: index)
        return decoded as! Value
    }

    /// The stored value of slot `index`, empty in a fetched model: see
    /// ``ModelContext/unfetchedValue(of:at:)`` and ``ModelOwner/storedValue(of:at:)``.
    private func unfetchedValue(at index: Int) -> PersistentValue? {
        if let context { return context.unfetchedValue(of: self, at: index) }
        return owner?.storedValue(of: self, at: index)
    }

    /// Merges other contexts' committed changes into the model's context first when some wait,
    /// so a read shows them (one atomic load when none wait).
    @inline(__always) func mergeIfChangesWait() {
        if let inbox = owner?.inbox, inbox.isPending { context?.mergeCommittedChanges() }
    }

    /// Writes property `index` of `model` (the model this storage belongs to; `nil` while it
    /// initializes), recording the change with the resolver. A directly stored value is kept in
    /// its persisted form, so reading it back and saving it need no codec.
    func setValue<Value>(at index: Int, to newValue: Value, of model: (any PersistentModel)? = nil) {
        if let direct = layout.directTypes[index] {
            storeDirect(direct.persistentValue(of: newValue), at: index)
            return
        }
        willChange(slot: index)
        preparedValues = nil
        if layout.isRelationship[index] {
            setRelated(at: index, to: newValue, of: model)
        } else {
            setObject(.assigned(newValue), at: index)
        }
    }

    /// Writes the persisted form of a ``_DirectlyStored`` attribute, recording the change.
    func storeDirect(_ value: PersistentValue, at index: Int) {
        willChange(slot: index)
        preparedValues = nil
        values[index] = value
        if objects != nil { setObject(nil, at: index) }
    }

    private func defaultValue<Value>(of property: EntityLayout.Property, as _: Value.Type) -> Value {
        if let value = property.defaultValue.flatMap({ $0 as? Value }) { return value }
        if let optional = Value.self as? any OptionalProtocol.Type { return optional.nilValue as! Value }
        if property.relationshipTarget != nil && resolver == nil {
            preconditionFailure("\(layout.entityName).\(property.name) was read after its ModelContext was deallocated, and its model could not be read from the store (its ModelContainer is gone too, or the row is); a non-optional relationship cannot read nil; keep the context alive while you use its models")
        }
        preconditionFailure("\(layout.entityName).\(property.name) has no value and no default")
    }

    /// Reads relationship `index`. A model whose context is gone reads the related models
    /// through its container's store, as its attributes do (semantics rule 30), and traps with
    /// the cause where nothing can read them: a silent `nil` or `[]` would be a wrong answer.
    /// A model that was never in a context reads what was set on it.
    private func relatedValue<Value>(at index: Int, as _: Value.Type) -> Value {
        if case .assigned(let value)? = object(at: index) { return value as! Value }
        if values[index] == nil && !loadToManyIfUnloaded(at: index) {
            // The load failed (reported by the context's next save or fetch) or nothing can read
            // it: with a context, what this context added; without one, a trap, not a silent `[]`.
            guard let resolver else { unreadableToMany(at: index) }
            return resolver.resolveModels(for: knownRelatedIdentifiers(at: index)) as! Value
        }
        switch values[index] {
        case .identifier(let id)?:
            let model = resolver.map { $0.resolveModel(for: id) } ?? owner.flatMap { readThroughContainer([id], owner: $0, at: index).first }
            if let model { return model as! Value }
            return defaultValue(of: layout.properties[index], as: Value.self)
        case .identifiers(let ids)?:
            if let resolver { return resolver.resolveModels(for: ids) as! Value }
            return (owner.map { readThroughContainer(ids, owner: $0, at: index) } ?? []) as! Value
        default:
            if Value.self is any ArrayProtocol.Type { return [any PersistentModel]() as! Value }
            return defaultValue(of: layout.properties[index], as: Value.self)
        }
    }

    /// Traps for unloaded relationship `index` of a model whose context and container are gone.
    private func unreadableToMany(at index: Int) -> Never {
        preconditionFailure(
            "\(layout.entityName).\(layout.properties[index].name) was first read after its ModelContext was deallocated, and it cannot be loaded: its ModelContainer is gone too, or the store failed; keep the context alive while you use its models")
    }

    /// The models relationship `index` names, for a model whose context is gone.
    private func readThroughContainer(_ identifiers: [PersistentIdentifier], owner: ModelOwner, at index: Int) -> [any PersistentModel] {
        guard !identifiers.isEmpty else { return [] }
        do {
            return try owner.storedModels(for: identifiers)
        } catch {
            preconditionFailure(
                "\(layout.entityName).\(layout.properties[index].name) was read after its ModelContext was deallocated, and its related models cannot be read: \(error); keep the context alive while you use its models")
        }
    }

    /// Sets relationship `index` of `model` (`nil` while it initializes). A model outside any
    /// context keeps the related objects until it joins one; relating it to a model that is in a
    /// context makes it join that context, as SwiftData inserts it.
    private func setRelated(at index: Int, to newValue: Any, of model: (any PersistentModel)? = nil) {
        guard let resolver else {
            setObject(.assigned(newValue), at: index)
            guard owner == nil, let context = Self.models(in: newValue, toOne: layout.properties[index].relationshipTarget!.isToOne)
                .lazy.compactMap(\.storage.context).first
            else { return }
            if let model { context.insertModel(model) } else { context.insertInitializing(self) }
            return
        }
        // Replacing a whole to-many list needs the old one, to unlink what left it: load it first.
        loadToManyIfUnloaded(at: index)
        let old = relatedIdentifiers(at: index)
        let isToOne = layout.properties[index].relationshipTarget!.isToOne
        // A to-many holds each model once: appending a model the inverse already added keeps one.
        var seen = Set<PersistentIdentifier>()
        let newIDs = Self.models(in: newValue, toOne: isToOne).map { resolver.adopt($0) }.filter { isToOne || seen.insert($0).inserted }
        setObject(nil, at: index)
        values[index] = isToOne ? (newIDs.first.map(PersistentValue.identifier) ?? .null) : .identifiers(newIDs)
        resolver.relationshipDidChange(self, property: index, from: old, to: newIDs)
    }

    /// The identifiers a relationship refers to (objects set while detached are asked for theirs),
    /// loading an unloaded to-many relationship first (``knownRelatedIdentifiers(at:)`` does not).
    func relatedIdentifiers(at index: Int) -> [PersistentIdentifier] {
        if values[index] == nil { loadToManyIfUnloaded(at: index) }
        return knownRelatedIdentifiers(at: index)
    }

    /// Turns relationships set while detached into identifiers, once the model has a resolver.
    func attachDetachedRelationships() {
        guard objects != nil else { return }
        for index in layout.relationshipIndices {
            guard case .assigned(let value)? = object(at: index) else { continue }
            setObject(nil, at: index)
            setRelated(at: index, to: value)
        }
    }

    /// The models a relationship value holds: a to-many's array (or `nil`), a to-one's model
    /// (or `nil`). Told which, so a to-one never tries the array cast, whose failure costs more
    /// than the rest of linking a model.
    static func models(in value: Any, toOne: Bool) -> [any PersistentModel] {
        guard toOne else { return value as? [any PersistentModel] ?? [] }
        // The cast sees through any `Optional` layers: `nil` fails it.
        return (value as? any PersistentModel).map { [$0] } ?? []
    }
}
