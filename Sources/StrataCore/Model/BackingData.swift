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
    /// The property names, in slot order.
    var propertyNames: [String] { get }
    /// The persisted form of a property as the next save writes it (relationships as identifiers).
    func persistentValue(forProperty name: String) -> PersistentValue?
}
