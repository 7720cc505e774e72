import Foundation
import StrataCore

/// `@Attribute(.transformable(by:))`: the transformer's `Data` is what the store keeps, values
/// read back through it, and predicates and sorts on the attribute answer as Swift does (they
/// run in memory: the stored bytes keep neither equality nor order).
extension PortedValueCases {
    static let transformableCases: [ConformanceCase] = [transformableRoundTrip, transformableStoredForm, transformableUnregistered, transformableRefused]

    /// `a` (red, green; zeta), `b` (no palette; alpha) and `c` (no colours; mid), saved in a new container.
    static func savedArtworks(_ environment: ConformanceEnvironment, configuration: (any DataStoreConfiguration)? = nil) throws -> ModelContainer {
        ReversedTextTransformer.register()
        let container = try environment.makeContainer(for: [Artwork.self], configuration: configuration ?? environment.makeConfiguration())
        let context = ModelContext(container)
        context.insert(Artwork(title: "a", palette: Palette(["red", "green"]), secret: "zeta"))
        context.insert(Artwork(title: "b", secret: "alpha"))
        context.insert(Artwork(title: "c", palette: Palette([]), secret: "mid"))
        try context.save()
        return container
    }

    static let transformableRoundTrip = ConformanceCase("\(category).transformable.roundTrip", category: category) { environment in
        let container = try savedArtworks(environment)
        let reader = ModelContext(container)
        let read = try reader.fetch(FetchDescriptor<Artwork>(sortBy: [SortDescriptor(\.title)]))
        try Check.equal(read.map(\.palette), [Palette(["red", "green"]), nil, Palette([])], "palettes read back through the transformer's class")
        try Check.equal(read.map(\.secret), ["zeta", "alpha", "mid"], "secrets read back through the transformer registered by name")
        func titles(_ predicate: Predicate<Artwork>?, sortBy: [SortDescriptor<Artwork>] = [SortDescriptor(\.title)]) throws -> [String] {
            try reader.fetch(FetchDescriptor(predicate: predicate, sortBy: sortBy)).map(\.title)
        }
        try Check.equal(try titles(#Predicate { $0.secret == "alpha" }), ["b"], "`secret == \"alpha\"` compares the text, not the stored bytes")
        try Check.equal(try titles(#Predicate { $0.secret < "n" }), ["b", "c"], "`secret < \"n\"` orders the text")
        try Check.equal(try titles(nil, sortBy: [SortDescriptor(\.secret)]), ["b", "c", "a"], "sorted by the text, not the stored bytes")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Artwork>(predicate: #Predicate { $0.secret != "mid" })), 2, "counted")

        read[0].secret = "omega"
        read[1].palette = Palette(["blue"])
        try reader.save()
        let again = try ModelContext(container).fetch(FetchDescriptor<Artwork>(sortBy: [SortDescriptor(\.title)]))
        try Check.equal(again.map { "\($0.title):\($0.secret):\($0.palette?.colors.joined(separator: "+") ?? "nil")" },
                        ["a:omega:red+green", "b:alpha:blue", "c:mid:"], "updates written through the transformers")
    }

    /// The store keeps what `transformedValue(_:)` returned: the same table read as plain `Data`.
    static let transformableStoredForm = ConformanceCase("\(category).transformable.storedForm", category: category, requires: [.reopening]) { environment in
        let configuration = try environment.makeConfiguration()
        _ = try savedArtworks(environment, configuration: configuration)
        let raw = try ModelContext(try environment.makeContainer(for: [PortedRaw.Artwork.self], configuration: configuration))
            .fetch(FetchDescriptor<PortedRaw.Artwork>(sortBy: [SortDescriptor(\.title)]))
        try Check.equal(raw.map { String(decoding: $0.secret, as: UTF8.self) }, ["atez", "ahpla", "dim"], "the reversed bytes")
        try Check.equal(raw.map { $0.palette.map { String(decoding: $0, as: UTF8.self) } }, ["red,green", nil, ""], "the joined colours, and NULL for nil")
    }

    /// A transformer named but not registered: the container refuses the schema, naming the property.
    static let transformableUnregistered = ConformanceCase("\(category).transformable.unregisteredName", category: category) { environment in
        let error = try Check.throwsError("a container for a model whose transformer is not registered", matching: { SwiftDataError.unsupportedAttributeType ~= $0 }) {
            _ = try environment.makeContainer(for: [Sealed.self])
        }
        try Check.equal((error as? SwiftDataError)?.propertyName, "code", "the error names the property")
        try Check.that("\(error)".contains("StrataConformance.NeverRegistered"), "the error names the transformer: \(error)")
    }

    /// A transformer that returns no `Data`: the save throws, naming the property, and writes
    /// nothing; after a fix the same context saves.
    static let transformableRefused = ConformanceCase("\(category).transformable.refused", category: category) { environment in
        let container = try environment.makeContainer(for: [Stamp.self])
        let context = ModelContext(container)
        context.insert(Stamp(mark: "ok"))
        let refused = Stamp(mark: "refuse")
        context.insert(refused)
        let error = try Check.throwsError("saving a value the transformer refuses", matching: { SwiftDataError.valueNotEncodable ~= $0 }) {
            try context.save()
        }
        try Check.equal((error as? SwiftDataError)?.propertyName, "mark", "the error names the property")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Stamp>()), 0, "nothing was written")
        refused.mark = "fine"
        try context.save()
        try Check.equal(try ModelContext(container).fetch(FetchDescriptor<Stamp>(sortBy: [SortDescriptor(\.mark)])).map(\.mark), ["fine", "ok"], "saved after the fix")
    }
}
