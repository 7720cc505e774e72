import StrataCore

/// Version 1 to ``MigrationAdded``, lightweight.
enum MigrationAddedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationAdded.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: MigrationV1.self, toVersion: MigrationAdded.self)] }
}

/// Version 1 to ``MigrationRenamed``, lightweight.
enum MigrationRenamedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationRenamed.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: MigrationV1.self, toVersion: MigrationRenamed.self)] }
}

/// Version 1 to ``MigrationReshaped``, lightweight.
enum MigrationReshapedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationReshaped.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: MigrationV1.self, toVersion: MigrationReshaped.self)] }
}

/// Version 1 to ``MigrationManyVendors``, with no stage declared (lightweight is implied).
enum MigrationManyVendorsPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationManyVendors.self] }
    static var stages: [MigrationStage] { [] }
}

/// Version 1 to ``MigrationCoded`` through a custom stage: `willMigrate` deletes widgets whose
/// name repeats (keeping the first), so the unique constraint holds; `didMigrate` fills `code`.
enum MigrationCodedPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationCoded.self] }
    static var stages: [MigrationStage] { [coded] }

    static let coded = MigrationStage.custom(
        fromVersion: MigrationV1.self, toVersion: MigrationCoded.self,
        willMigrate: { context in
            context.insert(MigrationV1.Vendor(name: "willMigrate ran"))
            var seen: Set<String> = []
            for widget in try context.fetch(FetchDescriptor<MigrationV1.Widget>(sortBy: [SortDescriptor(\.quantity)])) {
                if !seen.insert(widget.name).inserted { context.delete(widget) }
            }
            try context.save()
        },
        didMigrate: { context in
            context.insert(MigrationCoded.Vendor(name: "didMigrate ran"))
            for widget in try context.fetch(FetchDescriptor<MigrationCoded.Widget>()) { widget.code = widget.name.uppercased() }
            try context.save()
        })
}

/// Versions 1, ``MigrationCoded`` and ``MigrationSku``: a custom stage, then a lightweight rename.
enum MigrationSkuPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationCoded.self, MigrationSku.self] }
    static var stages: [MigrationStage] {
        [MigrationCodedPlan.coded, .lightweight(fromVersion: MigrationCoded.self, toVersion: MigrationSku.self)]
    }
}

/// Version 1 to ``MigrationAdded`` through a custom stage whose `didMigrate` saves, then throws.
enum MigrationFailingPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [MigrationV1.self, MigrationAdded.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: MigrationV1.self, toVersion: MigrationAdded.self, willMigrate: nil, didMigrate: { context in
            context.insert(MigrationAdded.Part(label: "written before the failure"))
            try context.save()
            throw MigrationStageFailure()
        })]
    }
}

/// The error ``MigrationFailingPlan``'s stage throws.
struct MigrationStageFailure: Error {}
