// The accessors of a `@Model` subclass (`@Model class Car: Vehicle`) call these overloads:
// the same spelling as a root class's, over the subclass's own `_$backingData`, a
// ``_SubclassBackingData``. See `ModelMacro+Subclass.swift` for why a subclass needs one.

/// A `@Model` subclass's handle on the backing data it shares with its superclasses (opaque;
/// `@Model` declares one per subclass).
///
/// Until it is linked, it keeps the values the subclass's `init` set before `super.init`
/// created the backing data, by the property's position among the subclass's own properties.
public final class _SubclassBackingData {
    /// The slot of the subclass's first own property: its superclasses' slots come first.
    let firstSlot: Int
    /// The shared backing data, once linked.
    var storage: AnyModelStorage?
    /// Values set before the link, by position among the subclass's own properties.
    var pending: ContiguousArray<Any?> = []

    init(firstSlot: Int) {
        self.firstSlot = firstSlot
    }

    /// Links to `storage`, writing into it the values set before.
    func link(to storage: AnyModelStorage) {
        self.storage = storage
        for (index, value) in pending.enumerated() {
            // Opened, so the slot is written as the property's own type, not as `Any`.
            func write<Value>(_ value: Value) { storage.setValue(at: firstSlot + index, to: value) }
            if let value { _openExistential(value, do: write) }
        }
        pending = []
    }

    func value<Value>(at index: Int, as _: Value.Type) -> Value {
        if let storage { return storage.value(at: firstSlot + index, as: Value.self) }
        guard index < pending.count, let value = pending[index] else {
            preconditionFailure("property \(firstSlot + index) of a model subclass was read before its init set it")
        }
        return value as! Value
    }

    func setValue<Value>(at index: Int, to newValue: Value, of model: (any PersistentModel)? = nil) {
        if let storage {
            storage.setValue(at: firstSlot + index, to: newValue, of: model)
            return
        }
        if pending.count <= index { pending += repeatElement(nil, count: index + 1 - pending.count) }
        // As `Any`, so an optional value stays one (`String?` would otherwise become `Any?`'s payload).
        pending[index] = .some(newValue as Any)
    }
}

/// The handle of the `Model` level of a subclass, made on first use.
private func handle<Model: PersistentModel>(_ link: inout _SubclassBackingData?, for _: Model.Type) -> _SubclassBackingData {
    if let link { return link }
    let created = _SubclassBackingData(firstSlot: EntityLayout.of(Model.self).inheritedCount)
    link = created
    return created
}

/// Links a subclass level's handle to the backing data of `model`, first giving that backing
/// data the layout of the model's own class (a subclass's `init` runs its superclass's, which
/// makes backing data for the superclass); `@Model` subclasses call this whenever their
/// `persistentBackingData` is read. The values the subclass's `init` set go into it.
public func _link<Model: PersistentModel, Root: PersistentModel>(
    _ link: inout _SubclassBackingData?, to backingData: any BackingData<Root>, of model: Model
) {
    let object = backingData as AnyObject
    if let storage = link?.storage, storage === object { return }
    guard let storage = object as? AnyModelStorage else {
        preconditionFailure("\(type(of: model)) is a @Model subclass; its backing data must be Strata's")
    }
    let layout = EntityLayout.of(existential: type(of: model))
    if storage.layout !== layout { storage.adopt(layout) }
    handle(&link, for: Model.self).link(to: storage)
}

/// Links a subclass level's handle to backing data set as a whole (`init(backingData:)`, which
/// a context calls for a fetched model): what the subclass's `init` set (its properties'
/// defaults) is dropped, as a root class drops the backing data its `init` made.
public func _relink<Model: PersistentModel, Root: PersistentModel>(
    _ link: inout _SubclassBackingData?, to backingData: any BackingData<Root>, of model: Model
) {
    link?.pending = []
    link?.storage = nil
    _link(&link, to: backingData, of: model)
}

/// Sets a subclass property while its model initializes; `@Model`'s init accessors call this.
public func _initializeValue<Model: PersistentModel, Value>(
    _ link: inout _SubclassBackingData?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to value: Value
) {
    handle(&link, for: Model.self).setValue(at: index, to: value)
}

/// Reads subclass property `index` (among the subclass's own); `@Model`'s getters call this.
public func _getValue<Model: PersistentModel, Value>(
    _ link: inout _SubclassBackingData?, forKey keyPath: KeyPath<Model, Value>, at index: Int
) -> Value {
    handle(&link, for: Model.self).value(at: index, as: Value.self)
}

/// Writes subclass property `index` (among the subclass's own) of `model`; `@Model`'s setters
/// call this.
public func _setValue<Model: PersistentModel, Value>(
    _ link: inout _SubclassBackingData?, forKey keyPath: KeyPath<Model, Value>, at index: Int, to newValue: Value, of model: Model
) {
    handle(&link, for: Model.self).setValue(at: index, to: newValue, of: model)
}
