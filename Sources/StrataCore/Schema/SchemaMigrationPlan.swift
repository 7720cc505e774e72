/// A versioned schema, as SwiftData declares one: a version and the model types of that version.
///
/// ```swift
/// enum TripsV1: VersionedSchema {
///     static let versionIdentifier = Schema.Version(1, 0, 0)
///     static var models: [any PersistentModel.Type] { [Trip.self] }
///     @Model final class Trip { var name: String; init(name: String) { self.name = name } }
/// }
/// ```
public protocol VersionedSchema {
    /// The version these models describe.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of this version (types their relationships reach are added).
    static var models: [any PersistentModel.Type] { get }
}

/// The versions of a schema, oldest first, and the stages that migrate a store between them.
///
/// Pass it to ``ModelContainer/init(for:migrationPlan:configurations:logger:)``: opening a store
/// recorded at an older version runs the stages from that version to the container's, in
/// order, in one transaction (docs/migrations.md).
public protocol SchemaMigrationPlan {
    /// Every version, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// How to get from each version to the next.
    static var stages: [MigrationStage] { get }
}
