import StrataCore

/// Reads and writes one property of a model whose type is known only at run time.
struct PropertyAccess: @unchecked Sendable {
    /// The property's value, boxed.
    let get: (AnyObject) -> Any
    /// Writes a value of the property's type (or of its wrapped type, for an optional).
    let set: (AnyObject, Any) -> Void
    /// The property's `nil`, when its type is optional.
    let nilValue: Any?

    /// Access to the property `keyPath` (a `KeyPath<Model, Value>`) names, through the model's
    /// backing data: a key-path write would read the old value first, which traps on a new model
    /// whose required properties have no value yet.
    static func make<Model: PersistentModel>(_ keyPath: AnyKeyPath, of _: Model.Type, valueType: Any.Type) -> PropertyAccess {
        open(keyPath, Model.self, valueType, index: Model.schemaMetadata.firstIndex { $0.keypath == keyPath }!)
    }

    private static func open<Model: PersistentModel, Value>(_ keyPath: AnyKeyPath, _: Model.Type, _: Value.Type, index: Int) -> PropertyAccess {
        let path = keyPath as! KeyPath<Model, Value>
        return PropertyAccess(
            get: { unsafeDowncast($0, to: Model.self).persistentBackingData.getValue(forKey: path, at: index) },
            set: { unsafeDowncast($0, to: Model.self).persistentBackingData.setValue(forKey: path, at: index, to: $1 as! Value) },
            nilValue: (Value.self as? any SyncOptional.Type)?.nilValue)
    }
}

/// Lets code that holds only a metatype or an `Any` see through `Optional`.
protocol SyncOptional {
    /// The wrapped type.
    static var wrapped: Any.Type { get }
    /// `nil` of this optional type, boxed.
    static var nilValue: Any { get }
    /// The wrapped value, or `nil`.
    var unwrapped: Any? { get }
}

extension Optional: SyncOptional {
    static var wrapped: Any.Type { Wrapped.self }
    static var nilValue: Any { Optional<Wrapped>.none as Any }
    var unwrapped: Any? { self.map { $0 as Any } }
}

/// `type` without its `Optional` layer.
func unwrappedType(_ type: Any.Type) -> Any.Type {
    (type as? any SyncOptional.Type)?.wrapped ?? type
}

/// `value` without its `Optional` layers; `nil` when the innermost value is absent.
func unwrappedValue(_ value: Any) -> Any? {
    guard let optional = value as? any SyncOptional else { return value }
    return optional.unwrapped.flatMap(unwrappedValue)
}
