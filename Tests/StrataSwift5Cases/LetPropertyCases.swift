import Foundation
import StrataConformance
import StrataCore

/// `let` properties of a `@Model` class, run on every store: each is a persisted attribute or
/// relationship, and a fetched model's `let` reads what was stored, not a new initial value.
public enum LetPropertyCases {
    public static let all: [ConformanceCase] = [roundTrip]

    static let roundTrip = ConformanceCase("swift5.letProperties.roundTrip", category: "swift5") { environment in
        let container = try environment.makeContainer(for: [Badge.self, Holder.self])
        let context = ModelContext(container)
        let ada = Holder(name: "ada")
        let first = Badge(code: "A1", label: "first", holder: ada)
        let second = Badge(code: "B2", label: "second")
        context.insert(first)
        context.insert(second)
        try context.save()

        let entity = try Check.unwrap(container.schema.entity(for: Badge.self), "Badge is in the schema")
        try Check.equal(entity.attributes.map(\.name).sorted(), ["code", "label", "serial"], "the `let` attributes are persisted")
        try Check.equal(entity.relationships.map(\.name), ["holder"], "the `let` relationship is persisted")

        let reader = ModelContext(container)
        let read = try reader.fetch(FetchDescriptor<Badge>(sortBy: [SortDescriptor(\.code, order: .reverse)]))
        try Check.equal(read.map(\.code), ["B2", "A1"], "a new context reads the stored codes, sorted by one")
        try Check.equal(read.map(\.serial), [second.serial, first.serial], "`let serial = UUID()` reads the stored value, not a new one")
        try Check.equal(read.map { $0.holder?.name }, [nil, "ada"], "the `let` relationship reads the stored model")
        try Check.equal(try reader.fetch(FetchDescriptor<Badge>(predicate: #Predicate { $0.code == "A1" })).map(\.label), ["first"], "a predicate on a `let`")
        try Check.equal(try reader.fetch(FetchDescriptor<Holder>()).first?.badges.map(\.code), ["A1"], "the inverse of the `let` relationship")

        read[0].label = "changed"
        try reader.save()
        let again = try ModelContext(container).fetch(FetchDescriptor<Badge>(predicate: #Predicate { $0.label == "changed" }))
        try Check.equal(again.map { "\($0.code):\($0.serial == second.serial)" }, ["B2:true"], "a save of another property keeps the `let`s")
    }
}
