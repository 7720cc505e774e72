import StrataCore

/// `@Attribute(.ephemeral)`: tracked, never persisted. A model read in a new context reads each
/// ephemeral property's declared default (`nil` for an optional without one), whatever was set.
extension RoundTripCases {
    static let ephemeralCases: [ConformanceCase] = [ephemeralReadsDefaultInNewContext, ephemeralKeptBySavingContext, ephemeralChangeNotWritten]

    /// Sets every ephemeral property of `visit` away from its default.
    static func setEphemerals(_ visit: Visit) {
        visit.views = 99
        visit.draft = "typed"
        visit.cursor = "c1"
        visit.tags = ["x", "y"]
    }

    /// Checks that `visit` reads every ephemeral property's default.
    static func checkDefaults(_ visit: Visit, _ when: String) throws {
        try Check.equal(visit.views, 7, "\(when): views reads its default")
        try Check.equal(visit.draft, "none", "\(when): draft reads its default")
        try Check.equal(visit.cursor, nil, "\(when): cursor (optional, no default) reads nil")
        try Check.equal(visit.tags, ["new"], "\(when): tags reads its default")
    }

    /// A new container whose context saved a visit with every ephemeral property set.
    static func savedVisit(_ environment: ConformanceEnvironment) throws -> (ModelContainer, ModelContext, Visit) {
        let container = try environment.makeContainer(for: [Visit.self])
        let context = ModelContext(container)
        let visit = Visit(page: "home")
        setEphemerals(visit)
        context.insert(visit)
        try context.save()
        return (container, context, visit)
    }

    static let ephemeralReadsDefaultInNewContext = ConformanceCase("roundTrip.ephemeral.newContextReadsDefault", category: "roundTrip") { environment in
        let (container, _, visit) = try savedVisit(environment)
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Visit>())
        try Check.equal(fetched.map(\.page), ["home"], "the visit is stored")
        try checkDefaults(fetched[0], "a new context")
        guard let byIdentifier = ModelContext(container).model(for: visit.persistentModelID) as? Visit else {
            throw ConformanceFailure(message: "model(for:) in a new context returns a Visit")
        }
        try checkDefaults(byIdentifier, "model(for:) in a new context")
    }

    /// The context that set the values keeps them across its save and a refetch.
    static let ephemeralKeptBySavingContext = ConformanceCase("roundTrip.ephemeral.savingContextKeeps", category: "roundTrip") { environment in
        let (_, context, visit) = try savedVisit(environment)
        let refetched = try context.fetch(FetchDescriptor<Visit>())
        try Check.that(refetched.first === visit, "the saving context refetches the same object")
        try Check.equal(visit.views, 99, "views keeps the value set")
        try Check.equal(visit.draft, "typed", "draft keeps the value set")
        try Check.equal(visit.cursor, "c1", "cursor keeps the value set")
        try Check.equal(visit.tags, ["x", "y"], "tags keeps the value set")
    }

    /// Ephemeral properties changed with a persisted one on a fetched model: only the persisted one is written.
    static let ephemeralChangeNotWritten = ConformanceCase("roundTrip.ephemeral.changeNotWritten", category: "roundTrip") { environment in
        let container = try environment.makeContainer(for: [Visit.self])
        try { let seed = ModelContext(container); seed.insert(Visit(page: "home")); try seed.save() }()
        let context = ModelContext(container)
        let visit = try context.fetch(FetchDescriptor<Visit>())[0]
        try checkDefaults(visit, "a fetched model")
        setEphemerals(visit)
        visit.page = "about"
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Visit>())
        try Check.equal(fetched.map(\.page), ["about"], "the persisted change is written")
        try checkDefaults(fetched[0], "a new context after an update")
    }
}
