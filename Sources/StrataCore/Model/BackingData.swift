/// The storage behind a model's persisted properties.
///
/// Strata provides the only implementation; snapshot types read it through
/// ``persistentValue(forProperty:)`` when a context saves.
public protocol BackingData<Model>: AnyObject {
    associatedtype Model: PersistentModel
    /// The identifier of the model this data belongs to, once it has one.
    var persistentModelID: PersistentIdentifier? { get set }
    /// The entity layout (opaque).
    var metadata: Any { get }
    /// Reads a property.
    func getValue<Value>(forKey keyPath: KeyPath<Model, Value>) -> Value
    /// Writes a property.
    func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, to newValue: Value)
    /// Reads the property `keyPath` names, which is entry `index` of the model's `schemaMetadata`
    /// (`@Model` accessors pass both, so Strata's storage needs no key-path lookup).
    func getValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int) -> Value
    /// Writes the property `keyPath` names, which is entry `index` of the model's `schemaMetadata`.
    func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value)
    /// The property names, in slot order.
    var propertyNames: [String] { get }
    /// The persisted form of a property as the next save writes it (relationships as identifiers).
    func persistentValue(forProperty name: String) -> PersistentValue?
    /// The fast path of `@Model` accessors for ``_DirectlyStored`` properties: the persisted value
    /// slot `index` holds, or `nil` to make the accessor call ``getValue(forKey:at:)`` instead.
    func _storedValue(at index: Int) -> PersistentValue?
    /// The fast path of `@Model` accessors for ``_DirectlyStored`` properties: stores `value` in
    /// slot `index`, or returns `false` to make the accessor call ``setValue(forKey:at:to:)`` instead.
    func _setStoredValue(_ value: PersistentValue, at index: Int) -> Bool
    /// What `@Model` setters call: writes the property `keyPath` names (entry `index`) of `model`,
    /// the model this data belongs to.
    func _setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model)
}

extension BackingData {
    /// No fast path: accessors go through ``getValue(forKey:at:)``.
    public func _storedValue(at index: Int) -> PersistentValue? { nil }

    /// No fast path: accessors go through ``setValue(forKey:at:to:)``.
    public func _setStoredValue(_ value: PersistentValue, at index: Int) -> Bool { false }

    /// Reads by key path; a backing data that keeps no slots ignores `index`.
    public func getValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int) -> Value {
        getValue(forKey: keyPath)
    }

    /// Writes by key path; a backing data that keeps no slots ignores `index`.
    public func setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value) {
        setValue(forKey: keyPath, to: newValue)
    }

    /// Writes by key path and slot; a backing data that needs no model ignores it.
    public func _setValue<Value>(forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model) {
        setValue(forKey: keyPath, at: index, to: newValue)
    }
}
