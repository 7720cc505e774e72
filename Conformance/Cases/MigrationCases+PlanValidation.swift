import StrataCore

/// Plans wrong as a whole (a stage leading back, a stage to a version the plan does not list, a
/// version listed twice) are refused by every store when the container opens, with the same
/// typed error, whether or not the store would ever run the stage.
extension MigrationCases {
    static let planValidation: [ConformanceCase] = [
        refusedPlan("backwardStage", BackwardStagePlan.self, SwiftDataError.backwardMigration),
        refusedPlan("stageToUnlistedVersion", UnlistedStagePlan.self, SwiftDataError.unknownSchema),
        refusedPlan("versionListedTwice", TwiceListedPlan.self, SwiftDataError.invalidSchema),
    ]

    static func refusedPlan(_ name: String, _ plan: any SchemaMigrationPlan.Type, _ expected: SwiftDataError) -> ConformanceCase {
        // A plan is a type with static members only, never mutated: the case may use it from any
        // thread (SwiftData's `SchemaMigrationPlan` does not refine `Sendable`, so its metatype is not).
        nonisolated(unsafe) let plan = plan
        return ConformanceCase("migration.plan.refused.\(name)", category: "migration") { environment in
            _ = try Check.throwsError("opening a new store with \(plan)", matching: { ($0 as? SwiftDataError)?.code == expected.code }) {
                _ = try ModelContainer(for: Schema(versionedSchema: MigrationAdded.self), migrationPlan: plan, configurations: [environment.makeConfiguration()])
            }
        }
    }
}

/// A stage from ``MigrationAdded`` back to version 1.
enum BackwardStagePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationAdded.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: MigrationAdded.self, toVersion: MigrationV1.self)] }
}

/// A stage to ``MigrationSku`` (version 3), which the plan does not list.
enum UnlistedStagePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationAdded.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: MigrationV1.self, toVersion: MigrationSku.self)] }
}

/// Version 1 listed twice.
enum TwiceListedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationV1.self, MigrationAdded.self] }
    static var stages: [MigrationStage] { [] }
}
