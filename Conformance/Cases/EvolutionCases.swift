import Foundation
import StrataCore

/// Opening stored data with a changed schema: additive changes are applied and old rows read
/// back with nil or the default; conflicting changes are refused with `schemaMismatch` listing
/// the differences, and the stored rows are untouched (version 1 still reads them).
enum EvolutionCases {
    static let category = "evolution"
    static let evolving: Set<BackendCapabilities.Feature> = [.reopening, .schemaEvolution]

    static let all: [ConformanceCase] = [optionalAttribute, defaultedAttribute, newEntity, newRelationship] + conflicts

    /// A new store with version 1's gizmos `a` (quantity 1) and `b` (2) and maker `acme`; returns
    /// its configuration, to open again with another version. The version 1 container is gone
    /// when this returns.
    /// - Throws: what opening or saving throws.
    static func seedVersion1(_ environment: ConformanceEnvironment) throws -> any DataStoreConfiguration {
        let configuration = try environment.makeConfiguration()
        let context = ModelContext(try environment.makeContainer(for: EvolutionV1.types, configuration: configuration))
        context.insert(EvolutionV1.Gizmo(name: "a", quantity: 1))
        context.insert(EvolutionV1.Gizmo(name: "b", quantity: 2))
        context.insert(EvolutionV1.Maker(name: "acme"))
        try context.save()
        return configuration
    }

    /// Opens `configuration` with version 1 and checks it still holds exactly the seeded rows,
    /// then that version 1 can still write to it.
    /// - Throws: ``ConformanceFailure`` when it does not; what opening throws.
    static func checkVersion1Untouched(_ environment: ConformanceEnvironment, _ configuration: any DataStoreConfiguration) throws {
        let container = try environment.makeContainer(for: EvolutionV1.types, configuration: configuration)
        let context = ModelContext(container)
        let gizmos = try context.fetch(FetchDescriptor<EvolutionV1.Gizmo>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(gizmos.map { "\($0.name):\($0.quantity)" }, ["a:1", "b:2"], "version 1 reads its gizmos unchanged")
        try Check.equal(try context.fetch(FetchDescriptor<EvolutionV1.Maker>()).map(\.name), ["acme"], "version 1 reads its makers unchanged")
        context.insert(EvolutionV1.Gizmo(name: "c", quantity: 3))
        try context.save()
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<EvolutionV1.Gizmo>()), 3, "version 1 still saves")
    }

    static func opened(_ types: [any PersistentModel.Type], _ environment: ConformanceEnvironment, _ configuration: any DataStoreConfiguration) throws -> ModelContext {
        ModelContext(try environment.makeContainer(for: types, configuration: configuration))
    }

    /// A new optional attribute reads nil on old rows, matches `== nil`, and saves on old and new rows.
    static let optionalAttribute = ConformanceCase("\(category).additive.optionalAttribute", category: category, requires: evolving) { environment in
        typealias Gizmo = EvolutionOptionalAttribute.Gizmo
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(EvolutionOptionalAttribute.types, environment, configuration)
            let old = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.name)]))
            try Check.equal(old.map { "\($0.name):\($0.quantity)" }, ["a:1", "b:2"], "the stored gizmos")
            try Check.equal(old.map(\.note), [nil, nil], "the new attribute reads nil on old rows")
            try Check.equal(try context.fetchCount(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.note == nil })), 2, "`note == nil` matches the old rows")
            old[0].note = "updated"
            context.insert(Gizmo(name: "c", quantity: 3, note: "new"))
            try context.save()
        }
        let context = try opened(EvolutionOptionalAttribute.types, environment, configuration)
        let gizmos = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(gizmos.map { "\($0.name):\($0.quantity):\($0.note ?? "nil")" }, ["a:1:updated", "b:2:nil", "c:3:new"], "the gizmos after reopening the new version")
        try Check.equal(try context.fetch(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.note != nil }, sortBy: [SortDescriptor(\.name)])).map(\.name),
                        ["a", "c"], "`note != nil` after reopening")
        try Check.equal(try context.fetch(FetchDescriptor<EvolutionV1.Maker>()).map(\.name), ["acme"], "the unchanged entity keeps its rows")
    }

    /// New defaulted attributes read the default on old rows, and predicates and sorts over
    /// them see the default too (the store holds it, not just the model).
    static let defaultedAttribute = ConformanceCase("\(category).additive.defaultedAttribute", category: category, requires: evolving) { environment in
        typealias Gizmo = EvolutionDefaultedAttribute.Gizmo
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(EvolutionDefaultedAttribute.types, environment, configuration)
            let old = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.name)]))
            try Check.equal(old.map { "\($0.name):\($0.rating):\($0.status)" }, ["a:3:active", "b:3:active"], "old rows read the defaults")
            try Check.equal(try context.fetchCount(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.rating == 3 && $0.status == "active" })), 2,
                            "a predicate on the new attributes matches the old rows")
            old[1].rating = 4
            let new = Gizmo(name: "c", quantity: 3)
            new.rating = 5
            new.status = "retired"
            context.insert(new)
            try context.save()
        }
        let context = try opened(EvolutionDefaultedAttribute.types, environment, configuration)
        let gizmos = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.rating, order: .reverse)]))
        try Check.equal(gizmos.map { "\($0.name):\($0.quantity):\($0.rating):\($0.status)" }, ["c:3:5:retired", "b:2:4:active", "a:1:3:active"],
                        "the gizmos after reopening, by rating")
        try Check.equal(try context.fetch(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.status == "active" && $0.rating < 4 })).map(\.name), ["a"],
                        "a predicate over both new attributes")
    }

    /// A new entity starts empty and saves; the old entities keep their rows.
    static let newEntity = ConformanceCase("\(category).additive.newEntity", category: category, requires: evolving) { environment in
        typealias Part = EvolutionNewEntity.Part
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(EvolutionNewEntity.types, environment, configuration)
            try Check.equal(try context.fetchCount(FetchDescriptor<Part>()), 0, "the new entity has no rows")
            try Check.equal(try context.fetch(FetchDescriptor<EvolutionV1.Gizmo>(sortBy: [SortDescriptor(\.name)])).map { "\($0.name):\($0.quantity)" },
                            ["a:1", "b:2"], "the old entity's rows")
            context.insert(Part(label: "p", weight: 1.5))
            context.insert(Part(label: "q"))
            context.insert(EvolutionV1.Gizmo(name: "c", quantity: 3))
            try context.save()
        }
        let context = try opened(EvolutionNewEntity.types, environment, configuration)
        try Check.equal(try context.fetch(FetchDescriptor<Part>(sortBy: [SortDescriptor(\.label)])).map { "\($0.label):\($0.weight.map { "\($0)" } ?? "nil")" },
                        ["p:1.5", "q:nil"], "the new entity's rows after reopening")
        try Check.equal(try context.fetchCount(FetchDescriptor<EvolutionV1.Gizmo>()), 3, "the old entity's rows after reopening")
        try Check.equal(try context.fetch(FetchDescriptor<EvolutionV1.Maker>()).map(\.name), ["acme"], "the makers after reopening")
    }

    /// A new optional to-one relationship reads nil on old rows and links old and new rows.
    static let newRelationship = ConformanceCase("\(category).additive.newRelationship", category: category, requires: evolving) { environment in
        typealias Gizmo = EvolutionNewRelationship.Gizmo
        let configuration = try seedVersion1(environment)
        do {
            let context = try opened(EvolutionNewRelationship.types, environment, configuration)
            let old = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.name)]))
            try Check.that(old.count == 2 && old.allSatisfy { $0.maker == nil }, "the old rows have no maker")
            try Check.equal(try context.fetchCount(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.maker == nil })), 2, "`maker == nil` matches the old rows")
            let acme = try context.fetch(FetchDescriptor<EvolutionV1.Maker>())
            try Check.equal(acme.map(\.name), ["acme"], "the stored maker")
            old[0].maker = acme[0]
            context.insert(Gizmo(name: "c", quantity: 3, maker: acme[0]))
            try context.save()
        }
        let context = try opened(EvolutionNewRelationship.types, environment, configuration)
        let gizmos = try context.fetch(FetchDescriptor<Gizmo>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(gizmos.map { "\($0.name):\($0.maker?.name ?? "nil")" }, ["a:acme", "b:nil", "c:acme"], "the links after reopening")
        try Check.equal(try context.fetch(FetchDescriptor<Gizmo>(predicate: #Predicate { $0.maker?.name == "acme" }, sortBy: [SortDescriptor(\.name)])).map(\.name),
                        ["a", "c"], "a predicate through the new relationship")
    }
}
