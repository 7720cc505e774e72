/// A model type renamed since an earlier version: a lightweight migration keeps the rows of the
/// entity it was called, as `@Attribute(originalName:)` does for a property.
///
/// ```swift
/// extension TripsV2.Journey: OriginallyNamedModel {
///     static var originalEntityName: String { "Trip" }
/// }
/// ```
/// SwiftData has no spelling for this (Core Data calls it a renaming identifier); Strata adds one.
public protocol OriginallyNamedModel: PersistentModel {
    /// The entity name the model had in the previous version.
    static var originalEntityName: String { get }
}

extension Schema.Entity {
    /// The name the entity had in the previous version: ``OriginallyNamedModel/originalEntityName``
    /// when the model declares one, else its own name.
    public var originalName: String {
        (modelType as? any OriginallyNamedModel.Type)?.originalEntityName ?? name
    }
}
