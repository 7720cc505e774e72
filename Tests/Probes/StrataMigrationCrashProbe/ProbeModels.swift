import Strata

/// The version a probe store is seeded with: items with a name and a quantity.
enum ProbeV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self] }

    @Model final class Item {
        var name: String
        var quantity: Int
        init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }
}

/// The version the probe migrates to: `name` renamed to `title` and `quantity` a `Double`,
/// which rebuilds the table, and a custom stage that records itself in a new entity.
enum ProbeV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self, Note.self] }

    @Model final class Item {
        @Attribute(originalName: "name") var title: String
        var quantity: Double
        init(title: String, quantity: Double) {
            self.title = title
            self.quantity = quantity
        }
    }

    @Model final class Note {
        var text: String
        init(text: String) { self.text = text }
    }
}

/// Version 1 to 2, custom: `didMigrate` saves a note in the migration's transaction.
enum ProbePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ProbeV1.self, ProbeV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: ProbeV1.self, toVersion: ProbeV2.self, willMigrate: nil, didMigrate: { context in
            context.insert(ProbeV2.Note(text: "migrated"))
            try context.save()
        })]
    }
}
