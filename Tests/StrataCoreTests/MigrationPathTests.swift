import Foundation
import Strata
import Testing

/// Which stages a store runs, resolved from a plan before anything changes.
@Suite struct MigrationPathTests {
    enum PathV1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }
        @Model final class Note {
            var text: String
            init(text: String) { self.text = text }
        }
    }

    enum PathV2: VersionedSchema {
        static let versionIdentifier = Schema.Version(2, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }
        @Model final class Note {
            var text: String
            var pinned: Bool = false
            init(text: String) { self.text = text }
        }
    }

    enum PathV3: VersionedSchema {
        static let versionIdentifier = Schema.Version(3, 0, 0)
        static var models: [any PersistentModel.Type] { [Note.self] }
        @Model final class Note {
            @Attribute(originalName: "text") var body: String
            var pinned: Bool = false
            init(body: String) { self.body = body }
        }
    }

    /// One declared stage (1 → 2) and one implied (2 → 3).
    enum Plan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [PathV1.self, PathV2.self, PathV3.self] }
        static var stages: [MigrationStage] { [.custom(fromVersion: PathV1.self, toVersion: PathV2.self, willMigrate: nil, didMigrate: nil)] }
    }

    enum DuplicatePlan: SchemaMigrationPlan {
        static var schemas: [any VersionedSchema.Type] { [PathV1.self, PathV1.self] }
        static var stages: [MigrationStage] { [] }
    }

    @Test func stagesRunInOrderWithImpliedLightweightStages() throws {
        let path = try MigrationPath(plan: Plan.self, from: Schema.Version(1, 0, 0), to: Schema(versionedSchema: PathV3.self))
        #expect(path.steps.map(\.description) == ["custom 1.0.0 → 2.0.0", "lightweight 2.0.0 → 3.0.0"])
        #expect(path.steps.last?.to === path.target)
    }

    @Test func theContainersVersionIsFoundByItsModels() throws {
        #expect(try MigrationPath.version(of: Schema([PathV2.Note.self]), in: Plan.self) == Schema.Version(2, 0, 0))
        #expect(try MigrationPath(plan: Plan.self, from: Schema.Version(2, 0, 0), to: Schema([PathV2.Note.self])).steps.isEmpty)
    }

    @Test func aNewerStoreIsRefused() {
        #expect(throws: SwiftDataError.backwardMigration) {
            try MigrationPath(plan: Plan.self, from: Schema.Version(3, 0, 0), to: Schema(versionedSchema: PathV1.self))
        }
        #expect(throws: SwiftDataError.backwardMigration) {
            try MigrationPath(plan: Plan.self, from: Schema.Version(9, 0, 0), to: Schema(versionedSchema: PathV3.self))
        }
    }

    @Test func anUnlistedVersionIsUnknown() {
        #expect(throws: SwiftDataError.unknownSchema) {
            try MigrationPath(plan: Plan.self, from: Schema.Version(1, 5, 0), to: Schema(versionedSchema: PathV3.self))
        }
    }

    @Test func aPlanListingAVersionTwiceIsInvalid() {
        #expect(throws: SwiftDataError.invalidSchema) {
            try MigrationPath(plan: DuplicatePlan.self, from: Schema.Version(1, 0, 0), to: Schema(versionedSchema: PathV1.self))
        }
    }

    /// The fingerprint follows the stored shape, not the version or the Swift type.
    @Test func fingerprintsFollowTheStoredShape() {
        #expect(Schema(versionedSchema: PathV1.self).fingerprint != Schema(versionedSchema: PathV2.self).fingerprint)
        #expect(Schema([PathV2.Note.self], version: Schema.Version(7, 0, 0)).fingerprint == Schema(versionedSchema: PathV2.self).fingerprint)
    }
}
