import Foundation
import StrataCore

/// Migration plans as in SwiftData: a store seeded with ``MigrationV1`` is opened with a plan
/// reaching a later version, and the rows read back as that version says; lightweight stages
/// of every kind, custom stages, version records and atomicity.
enum MigrationCases {
    static let category = "migration"
    static let migrating: Set<BackendCapabilities.Feature> = [.reopening, .migrationPlans]

    static let all: [ConformanceCase] = [addAndRemove, rename, typeAndOptionality, relationshipToMany] + custom + planValidation + history

    /// A new store at version 1, opened through `plan`, with widgets `a` (1, note "x", vendor
    /// acme) and `b` (2), and vendors acme and zenith; returns its configuration.
    /// - Throws: what opening or saving throws.
    static func seedVersion1(_ environment: ConformanceEnvironment, extraWidgets: [(String, Int)] = []) throws -> any DataStoreConfiguration {
        let configuration = try environment.makeConfiguration()
        let context = try opened(MigrationV1.self, MigrationAddedPlan.self, environment, configuration)
        let acme = MigrationV1.Vendor(name: "acme")
        context.insert(MigrationV1.Widget(name: "a", quantity: 1, note: "x", vendor: acme))
        context.insert(MigrationV1.Widget(name: "b", quantity: 2))
        context.insert(MigrationV1.Vendor(name: "zenith"))
        for (name, quantity) in extraWidgets { context.insert(MigrationV1.Widget(name: name, quantity: quantity)) }
        try context.save()
        return configuration
    }

    /// A context over a new container for `version` through `plan`.
    /// - Throws: what opening throws.
    static func opened(
        _ version: any VersionedSchema.Type, _ plan: any SchemaMigrationPlan.Type, _ environment: ConformanceEnvironment,
        _ configuration: any DataStoreConfiguration
    ) throws -> ModelContext {
        ModelContext(try ModelContainer(for: Schema(versionedSchema: version), migrationPlan: plan, configurations: [configuration]))
    }

    /// Added defaulted and optional attributes, a removed attribute, a new entity.
    static let addAndRemove = ConformanceCase("\(category).lightweight.addAndRemove", category: category, requires: migrating) { environment in
        typealias Widget = MigrationAdded.Widget
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(MigrationAdded.self, MigrationAddedPlan.self, environment, configuration)
            let widgets = try context.fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.name)]))
            try Check.equal(widgets.map { "\($0.name):\($0.quantity):\($0.rating):\($0.color ?? "nil"):\($0.vendor?.name ?? "nil")" },
                            ["a:1:3:nil:acme", "b:2:3:nil:nil"], "old rows with the default, nil, and their vendor")
            try Check.equal(try context.fetchCount(FetchDescriptor<Widget>(predicate: #Predicate { $0.rating == 3 })), 2, "the store holds the default")
            try Check.equal(try context.fetchCount(FetchDescriptor<MigrationAdded.Part>()), 0, "the new entity starts empty")
            context.insert(MigrationAdded.Part(label: "p"))
            widgets[1].color = "red"
            try context.save()
        }
        let context = try opened(MigrationAdded.self, MigrationAddedPlan.self, environment, configuration)
        try Check.equal(try context.fetch(FetchDescriptor<Widget>(predicate: #Predicate { $0.color == "red" })).map(\.name), ["b"], "a save after migrating")
        try Check.equal(try context.fetch(FetchDescriptor<MigrationAdded.Part>()).map(\.label), ["p"], "the new entity's row")
    }

    /// Renamed attribute (`originalName`), relationship (`originalName`) and entity
    /// (``OriginallyNamedModel``): rows, links and keys carry over.
    static let rename = ConformanceCase("\(category).lightweight.rename", category: category, requires: migrating) { environment in
        typealias Widget = MigrationRenamed.Widget
        let configuration = try seedVersion1(environment)
        let context = try opened(MigrationRenamed.self, MigrationRenamedPlan.self, environment, configuration)
        let widgets = try context.fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.title)]))
        try Check.equal(widgets.map { "\($0.title):\($0.quantity):\($0.note ?? "nil"):\($0.maker?.name ?? "nil")" },
                        ["a:1:x:acme", "b:2:nil:nil"], "renamed attribute, relationship and entity")
        try Check.equal(try context.fetch(FetchDescriptor<Widget>(predicate: #Predicate { $0.maker?.name == "acme" })).map(\.title), ["a"],
                        "a predicate through the renamed relationship")
        let makers = try context.fetch(FetchDescriptor<MigrationRenamed.Maker>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(makers.map(\.name), ["acme", "zenith"], "the renamed entity's rows")
        try Check.equal(makers[0].widgets.map(\.title), ["a"], "the to-many side of the renamed relationship")
        let new = MigrationRenamed.Maker(name: "newco")
        context.insert(new)
        try context.save()
        try Check.that(!makers.map(\.persistentModelID).contains(new.persistentModelID), "a new row of the renamed entity gets a key of its own")
        try Check.equal(try ModelContext(context.container).fetchCount(FetchDescriptor<MigrationRenamed.Maker>()), 3, "every maker after the insert")
    }

    /// `Int` to `Double`, optional to required with a default, a new unique constraint and index.
    static let typeAndOptionality = ConformanceCase("\(category).lightweight.typeAndOptionality", category: category, requires: migrating) { environment in
        typealias Widget = MigrationReshaped.Widget
        let configuration = try seedVersion1(environment)
        let context = try opened(MigrationReshaped.self, MigrationReshapedPlan.self, environment, configuration)
        let widgets = try context.fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(widgets.map { "\($0.name):\($0.quantity):\($0.note)" }, ["a:1.0:x", "b:2.0:none"], "converted and filled values")
        try Check.equal(try context.fetch(FetchDescriptor<Widget>(predicate: #Predicate { $0.quantity > 1.5 })).map(\.name), ["b"], "a predicate on the converted column")
        context.insert(Widget(name: "a", quantity: 7.5))
        try context.save()
        let after = try ModelContext(context.container).fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(after.map { "\($0.name):\($0.quantity)" }, ["a:7.5", "b:2.0"], "the new unique constraint upserts")
    }

    /// A to-one relationship becomes a many-to-many one (a plan with no stage: lightweight implied).
    static let relationshipToMany = ConformanceCase("\(category).lightweight.relationshipToMany", category: category, requires: migrating) { environment in
        typealias Widget = MigrationManyVendors.Widget
        let configuration = try seedVersion1(environment)
        let context = try opened(MigrationManyVendors.self, MigrationManyVendorsPlan.self, environment, configuration)
        let widgets = try context.fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(widgets.map { "\($0.name):\($0.vendors.map(\.name))" }, ["a:[\"acme\"]", "b:[]"], "the links, now many-to-many")
        let vendors = try context.fetch(FetchDescriptor<MigrationManyVendors.Vendor>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(vendors.map { "\($0.name):\($0.widgets.map(\.name))" }, ["acme:[\"a\"]", "zenith:[]"], "the links from the other side")
    }
}
