/// A versioned schema, as SwiftData declares one.
public protocol VersionedSchema {
    static var versionIdentifier: Schema.Version { get }
    static var models: [any PersistentModel.Type] { get }
}

/// An ordered list of schema versions. Strata's built-in stores apply additive changes on their
/// own and reject a migration plan with ``SwiftDataError/unsupportedConfiguration``.
public protocol SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { get }
}
