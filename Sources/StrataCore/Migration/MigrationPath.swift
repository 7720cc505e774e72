/// The stages a store recorded at one version runs, in order, to reach the container's version:
/// resolved from a ``SchemaMigrationPlan`` before anything is changed.
///
/// Consecutive versions with no stage between them migrate as a lightweight stage would.
public struct MigrationPath: @unchecked Sendable {
    /// One stage, with the schemas it migrates between.
    public struct Step: @unchecked Sendable, CustomStringConvertible {
        /// The stage as the plan declares it (or an implied lightweight one).
        public let stage: MigrationStage
        /// The schema the store has before the step.
        public let from: Schema
        /// The schema the store has after the step.
        public let to: Schema

        /// `lightweight 1.0.0 → 2.0.0`.
        public var description: String { stage.description }
    }

    /// The container's schema, which the last step ends at.
    public let target: Schema
    /// The steps to run, oldest first; empty when the store is at the target version.
    public let steps: [Step]

    /// The path from `stored` to `target` through `plan`.
    /// - Throws: ``SwiftDataError/backwardMigration`` when `stored` is newer than `target`;
    ///   ``SwiftDataError/unknownSchema`` when the plan lists neither version or no stage
    ///   leads from one to the other; as ``validate(_:)`` for a plan that is wrong as a whole.
    public init(plan: any SchemaMigrationPlan.Type, from stored: Schema.Version, to target: Schema) throws {
        try Self.validate(plan)
        let versions = plan.schemas
        let identifiers = versions.map { $0.versionIdentifier }
        let targetIndex = try Self.index(of: target, in: versions, plan: plan)
        guard let storedIndex = identifiers.firstIndex(of: stored) else {
            if stored > identifiers[targetIndex] {
                throw SwiftDataError.backwardMigration.with(
                    "the store is at version \(stored), newer than this code's \(identifiers[targetIndex]); open it with the newer code")
            }
            throw SwiftDataError.unknownSchema.with("the store is at version \(stored), which the migration plan \(plan) does not list")
        }
        guard storedIndex <= targetIndex else {
            throw SwiftDataError.backwardMigration.with(
                "the store is at version \(stored), newer than this code's \(identifiers[targetIndex]); open it with the newer code")
        }
        var steps: [Step] = []
        var current = storedIndex
        while current < targetIndex {
            let stage = plan.stages.first { $0.fromVersion.versionIdentifier == identifiers[current] }
                ?? .lightweight(fromVersion: versions[current], toVersion: versions[current + 1])
            guard let next = identifiers.firstIndex(of: stage.toVersion.versionIdentifier), next > current, next <= targetIndex else {
                throw SwiftDataError.unknownSchema.with(
                    "the stage \(stage) of \(plan) does not lead from \(identifiers[current]) towards \(identifiers[targetIndex])")
            }
            let from = steps.last?.to ?? Schema(versionedSchema: versions[current])
            let to = next == targetIndex ? target : Schema(versionedSchema: versions[next])
            try to.validate()
            steps.append(Step(stage: stage, from: from, to: to))
            current = next
        }
        self.target = target
        self.steps = steps
    }

    /// The version of `plan` a schema is: the one with exactly its model types, else the one
    /// with its version identifier.
    /// - Throws: ``SwiftDataError/unknownSchema`` when the plan has neither.
    public static func version(of schema: Schema, in plan: any SchemaMigrationPlan.Type) throws -> Schema.Version {
        plan.schemas[try index(of: schema, in: plan.schemas, plan: plan)].versionIdentifier
    }

    private static func index(of schema: Schema, in versions: [any VersionedSchema.Type], plan: any SchemaMigrationPlan.Type) throws -> Int {
        let types = Set(schema.entities.map { ObjectIdentifier($0.modelType) })
        if let index = versions.firstIndex(where: { Set(Schema(versionedSchema: $0).entities.map { ObjectIdentifier($0.modelType) }) == types }) {
            return index
        }
        if let index = versions.firstIndex(where: { $0.versionIdentifier == schema.version }) { return index }
        throw SwiftDataError.unknownSchema.with("the container's models are none of the versions the migration plan \(plan) lists")
    }

    /// The schemas of every version of `plan`, newest first: the candidates for a store that
    /// recorded no version (created before it had a plan).
    public static func candidates(in plan: any SchemaMigrationPlan.Type, upTo target: Schema) throws -> [Schema] {
        let versions = plan.schemas
        let targetIndex = try index(of: target, in: versions, plan: plan)
        return [target] + versions[..<targetIndex].reversed().map { Schema(versionedSchema: $0) }
    }
}
