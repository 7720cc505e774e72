/// One step of a ``SchemaMigrationPlan``: how a store moves from one version to the next.
public enum MigrationStage: @unchecked Sendable, CustomStringConvertible {
    /// The store infers the change from the two versions' models: added, removed and renamed
    /// (`originalName`) entities and properties, optionality, uniqueness, indices, relationships
    /// and the type changes docs/migrations.md lists.
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A lightweight change wrapped in code: `willMigrate` runs on a context that sees the old
    /// version's models, `didMigrate` on one that sees the new version's; their saves belong to
    /// the migration's transaction.
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
        willMigrate: (@Sendable (ModelContext) throws -> Void)?, didMigrate: (@Sendable (ModelContext) throws -> Void)?)

    /// The version the stage starts from.
    public var fromVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): from
        }
    }

    /// The version the stage ends at.
    public var toVersion: any VersionedSchema.Type {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): to
        }
    }

    /// Code to run on the old version's models before the change, if any.
    public var willMigrate: (@Sendable (ModelContext) throws -> Void)? {
        if case .custom(_, _, let willMigrate, _) = self { return willMigrate }
        return nil
    }

    /// Code to run on the new version's models after the change, if any.
    public var didMigrate: (@Sendable (ModelContext) throws -> Void)? {
        if case .custom(_, _, _, let didMigrate) = self { return didMigrate }
        return nil
    }

    /// `lightweight 1.0.0 → 2.0.0` or `custom 1.0.0 → 2.0.0`.
    public var description: String {
        let kind = if case .lightweight = self { "lightweight" } else { "custom" }
        return "\(kind) \(fromVersion.versionIdentifier) → \(toVersion.versionIdentifier)"
    }
}
