/// A stored property of an entity: an ``Schema/Attribute`` or a ``Schema/Relationship``.
public protocol SchemaProperty: AnyObject, Hashable, Sendable {
    /// The property's name in Swift, which is also its key in snapshots.
    var name: String { get }
    /// The name the property had in an earlier schema version, if it was renamed.
    var originalName: String { get }
    /// The property's declared Swift type.
    var valueType: any Any.Type { get }
    /// The key path that reads the property from its model.
    var keyPath: AnyKeyPath { get }
    var isAttribute: Bool { get }
    var isRelationship: Bool { get }
    /// Whether the property is tracked but never persisted (`@Attribute(.ephemeral)`).
    var isTransient: Bool { get }
    var isOptional: Bool { get }
    var isUnique: Bool { get }
}
