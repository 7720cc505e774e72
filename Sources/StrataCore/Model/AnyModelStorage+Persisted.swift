extension AnyModelStorage {
    /// The persisted value of every slot, as a save writes it (`nil` for ephemeral attributes,
    /// which no store keeps).
    /// - Throws: ``SwiftDataError/valueNotEncodable`` or ``SwiftDataError/missingValue``, naming the property.
    func encodedValues() throws -> ContiguousArray<PersistentValue?> {
        if let preparedValues { return preparedValues }
        // Usually every value is already in its persisted form: send the array itself.
        if objects == nil, layout.ephemeralIndices.isEmpty, !values.contains(where: { $0 == nil }) {
            preparedValues = values
            return values
        }
        var encoded = ContiguousArray<PersistentValue?>()
        encoded.reserveCapacity(values.count)
        for index in values.indices {
            encoded.append(try encodedValue(at: index))
        }
        preparedValues = encoded
        return encoded
    }

    func encodedValue(at index: Int) throws -> PersistentValue? {
        let property = layout.properties[index]
        if property.isEphemeral { return nil }
        if let target = property.relationshipTarget {
            // An unloaded to-many relationship stays out of the snapshot: the store keeps what it has.
            if isUnloadedToMany(at: index) { return nil }
            let ids = relatedIdentifiers(at: index)
            return target.isToOne ? (ids.first.map(PersistentValue.identifier) ?? .null) : .identifiers(ids)
        }
        let codec = property.codec!
        do {
            if case .assigned(let value)? = object(at: index) { return try codec.encode(value) }
            if let stored = values[index] { return stored }
            if let defaultValue = property.defaultValue { return try codec.encode(defaultValue) }
            if codec.isOptional { return .null }
            throw SwiftDataError.missingValue.with("\(layout.entityName).\(property.name) has no value")
        } catch let error as SwiftDataError {
            throw error.with("\(layout.entityName).\(property.name): \(error.message)", entity: layout.entityName, property: property.name)
        }
    }
}

/// Typed access for `@Model` accessors; one subclass per model type.
@usableFromInline
final class ModelStorage<Model: PersistentModel>: AnyModelStorage, BackingData {
    @usableFromInline
    var persistentModelID: PersistentIdentifier? {
        get { hasIdentifier ? identifier : nil }
        set { if let newValue { identifier = newValue } }
    }

    @usableFromInline
    var metadata: Any { layout }

    override func modelSharingStorage(in schema: Schema) -> (any PersistentModel)? {
        guard let entity = schema.entitiesByName[layout.entityName], entity.modelType == Model.self, entity.subentities.isEmpty else { return nil }
        return Model(backingData: self)
    }

    @usableFromInline
    var propertyNames: [String] { layout.snapshotLayout.propertyNames }

    @usableFromInline
    func getValue<Value>(forKey keyPath: KeyPath<Model, Value>) -> Value {
        value(at: layout.index(of: keyPath), as: Value.self)
    }

    @usableFromInline
    func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value) {
        setValue(at: layout.index(of: keyPath), to: newValue)
    }

    @usableFromInline
    func getValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int) -> Value {
        assert(layout.index(of: keyPath) == index, "\(keyPath) is not property \(index) of \(layout.entityName)")
        return value(at: index, as: Value.self)
    }

    @usableFromInline
    func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value) {
        assert(layout.index(of: keyPath) == index, "\(keyPath) is not property \(index) of \(layout.entityName)")
        setValue(at: index, to: newValue)
    }

    @usableFromInline
    func _setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model) {
        assert(layout.index(of: keyPath) == index, "\(keyPath) is not property \(index) of \(layout.entityName)")
        setValue(at: index, to: newValue, of: model)
    }

    @usableFromInline
    func _storedValue(at index: Int) -> PersistentValue? {
        mergeIfChangesWait()
        return isMissing || layout.directTypes[index] == nil ? nil : values[index]
    }

    @usableFromInline
    func _setStoredValue(_ value: PersistentValue, at index: Int) -> Bool {
        // A `String` or `Data` stored through a transformer goes through its codec.
        guard layout.directTypes[index] != nil else { return false }
        storeDirect(value, at: index)
        return true
    }

    @usableFromInline
    func persistentValue(forProperty name: String) -> PersistentValue? {
        guard let index = layout.snapshotLayout.index(of: name) else { return nil }
        return (try? encodedValues())?[index] ?? nil
    }
}
