// The functions `@Model`'s generated accessors call. Each has an overload for `_DirectlyStored`
// values that is inlined into the app's module, where the value's type is concrete: reading or
// writing a `String` or `Int?` property then converts without generic casts or `Any` boxes.

/// The backing data held in `storage`, created empty on first use; `@Model` code calls this.
public func _backingData<Model: PersistentModel>(_ storage: inout (any BackingData<Model>)?) -> any BackingData<Model> {
    if let storage { return storage }
    let created = Model.createBackingData()
    storage = created
    return created
}

/// Sets a property while its model initializes; `@Model`'s init accessors call this.
///
/// Every `init` first writes the implicit `nil` of each optional property, `init(backingData:)`
/// included. While there is no backing data yet such a `nil` is skipped (an unset slot reads as
/// `nil`), so `init(backingData:)` builds no storage only to replace it.
public func _initializeValue<Model: PersistentModel, Value>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to value: Value
) {
    if storage == nil, EntityLayout.of(Model.self).readsNil(value, at: index) { return }
    _backingData(&storage).setValue(forKey: keyPath, at: index, to: value)
}

/// ``_initializeValue(_:forKey:at:to:)`` for a value stored as is.
///
/// A `nil` written before the backing data exists is skipped whatever the property's default:
/// a property with a non-`nil` default is initialized to it first, which creates the backing
/// data, so an unset slot here reads as `nil` or as a `nil` default.
@inlinable
public func _initializeValue<Model: PersistentModel, Value: _DirectlyStored>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to value: Value
) {
    let persisted = value._persistentValue
    if storage == nil {
        if persisted.isNull { return }
        _ = _backingData(&storage)
    }
    // In place, like ``_setValue(_:forKey:at:to:)``: a copy would retain and release the backing
    // data for every property an `init` sets.
    if !storage!._setStoredValue(persisted, at: index) { storage!.setValue(forKey: keyPath, at: index, to: value) }
}

/// Reads property `index` (`keyPath`); `@Model`'s getters call this with the model's
/// backing-data property, accessed in place: passing a copy would retain and release the
/// backing data on every read (10 atomic operations to read a five-property model).
///
/// The access lasts the call, and a relationship read may read the same property again (a
/// model related to itself); that is sound because neither writes it: the property is only
/// written while it is `nil`, before any accessor runs, and it opts out of run-time
/// exclusivity checks (`@exclusivity(unchecked)`).
public func _getValue<Model: PersistentModel, Value>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int
) -> Value {
    _backingData(&storage).getValue(forKey: keyPath, at: index)
}

/// ``_getValue(_:forKey:at:)`` for a value stored as is.
@inlinable
public func _getValue<Model: PersistentModel, Value: _DirectlyStored>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int
) -> Value {
    if storage == nil { _ = _backingData(&storage) }
    if let stored = storage!._storedValue(at: index), Value._holds(stored) { return Value(_holding: stored) }
    return storage!.getValue(forKey: keyPath, at: index)
}

/// Writes property `index` (`keyPath`) of `model`; `@Model`'s setters call this with the model's
/// backing-data property, accessed in place like ``_getValue(_:forKey:at:)``'s. The model itself
/// comes along for relationships: a model outside any context that is related to a model in
/// one joins that context, as in SwiftData.
public func _setValue<Model: PersistentModel, Value>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model
) {
    _backingData(&storage)._setValue(forKey: keyPath, at: index, to: newValue, of: model)
}

/// ``_setValue(_:forKey:at:to:of:)`` for a value stored as is (never a relationship).
@inlinable
public func _setValue<Model: PersistentModel, Value: _DirectlyStored>(
    _ storage: inout (any BackingData<Model>)?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model
) {
    if storage == nil { _ = _backingData(&storage) }
    if !storage!._setStoredValue(newValue._persistentValue, at: index) { storage!.setValue(forKey: keyPath, at: index, to: newValue) }
}
