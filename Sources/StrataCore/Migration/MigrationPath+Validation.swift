extension MigrationPath {
    /// Checks a plan as a whole, before any store opens with it: every version is listed once,
    /// and every stage leads from a listed version forward to a later listed one. Every store
    /// gets the same answer, whether or not it would ever run the stage.
    /// - Throws: ``SwiftDataError/invalidSchema`` for a version listed twice or two stages from
    ///   one version; ``SwiftDataError/unknownSchema`` for a stage from or to a version the plan
    ///   does not list; ``SwiftDataError/backwardMigration`` for a stage that leads back.
    public static func validate(_ plan: any SchemaMigrationPlan.Type) throws {
        let identifiers = plan.schemas.map { $0.versionIdentifier }
        guard Set(identifiers).count == identifiers.count else {
            throw SwiftDataError.invalidSchema.with("the migration plan \(plan) lists a version twice: \(identifiers)")
        }
        var stageSources: Set<Schema.Version> = []
        for stage in plan.stages {
            let from = stage.fromVersion.versionIdentifier, to = stage.toVersion.versionIdentifier
            guard let fromIndex = identifiers.firstIndex(of: from), let toIndex = identifiers.firstIndex(of: to) else {
                let unlisted = identifiers.contains(from) ? to : from
                throw SwiftDataError.unknownSchema.with("the stage \(stage) of \(plan) names version \(unlisted), which the plan's schemas do not list")
            }
            guard toIndex > fromIndex else {
                throw SwiftDataError.backwardMigration.with("the stage \(stage) of \(plan) leads from \(from) back to \(to), which the plan lists before it")
            }
            guard stageSources.insert(from).inserted else {
                throw SwiftDataError.invalidSchema.with("the migration plan \(plan) has two stages from version \(from)")
            }
        }
    }
}
