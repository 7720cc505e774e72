import StrataCore

/// Delete rules declared on a subclass apply however its model is reached: through a fetch of
/// the root, a batch delete of the root, or a cascade along a relationship to the root.
extension InheritanceCases {
    static let deleteRuleCases: [ConformanceCase] = [subclassCascadeThroughRoot, subclassDenyThroughRoot, subclassAttributeOptions]

    /// A new container holding a district with a theater (two shows), an arena (one booking) and a
    /// plain venue.
    static func seededVenues(_ environment: ConformanceEnvironment) throws -> ModelContainer {
        let container = try environment.makeContainer(for: ConformanceModels.venues)
        let context = ModelContext(container)
        let district = District(name: "north")
        context.insert(district)
        let theater = Theater(name: "globe")
        let arena = Arena(name: "dome")
        district.venues = [theater, arena, Venue(name: "hall")]
        theater.shows = [Show(title: "hamlet"), Show(title: "lear")]
        arena.bookings = [Show(title: "final")]
        try context.save()
        return container
    }

    /// The titles of the stored shows, sorted.
    static func showTitles(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Show>()).map(\.title).sorted()
    }

    /// A theater's cascade runs when the theater is deleted as a fetched `Venue`, by a batch
    /// delete of `Venue`, and by its district's cascade.
    static let subclassCascadeThroughRoot = ConformanceCase("inheritance.subclassCascadeThroughRoot", category: category) { environment in
        let fetched = try seededVenues(environment)
        let context = ModelContext(fetched)
        let globe = try Check.unwrap(try context.fetch(FetchDescriptor<Venue>(predicate: #Predicate { $0.name == "globe" })).first, "the theater as a venue")
        context.delete(globe)
        try context.save()
        try Check.equal(try showTitles(fetched), ["final"], "deleting the theater fetched as a venue deletes its shows")

        let batch = try seededVenues(environment)
        try ModelContext(batch).delete(model: Venue.self, where: #Predicate { $0.name == "globe" })
        try Check.equal(try showTitles(batch), ["final"], "a batch delete of venues deletes the theater's shows")

        let cascaded = try seededVenues(environment)
        let reader = ModelContext(cascaded)
        reader.delete(try Check.unwrap(try reader.fetch(FetchDescriptor<District>()).first, "the district"))
        try Check.throwsError("the arena's booking denies the district's cascade", matching: DeleteRuleCases.isDeleteRuleViolation) {
            try reader.save()
        }
        let writer = ModelContext(cascaded)
        let arena = try Check.unwrap(try writer.fetch(FetchDescriptor<Arena>()).first, "the arena")
        arena.bookings = []
        try writer.save()
        let deleter = ModelContext(cascaded)
        deleter.delete(try Check.unwrap(try deleter.fetch(FetchDescriptor<District>()).first, "the district again"))
        try deleter.save()
        try Check.equal(try ModelContext(cascaded).fetchCount(FetchDescriptor<Venue>()), 0, "the district's cascade deletes its venues")
        try Check.equal(try showTitles(cascaded), ["final"], "and the theater's shows, leaving the unbooked show")
    }

    /// An arena's deny refuses the delete however the arena is reached, and the refused save or
    /// batch delete writes nothing.
    static let subclassDenyThroughRoot = ConformanceCase("inheritance.subclassDenyThroughRoot", category: category) { environment in
        let container = try seededVenues(environment)
        let context = ModelContext(container)
        let dome = try Check.unwrap(try context.fetch(FetchDescriptor<Venue>(predicate: #Predicate { $0.name == "dome" })).first, "the arena as a venue")
        context.delete(dome)
        try Check.throwsError("deleting the booked arena fetched as a venue is denied", matching: DeleteRuleCases.isDeleteRuleViolation) {
            try context.save()
        }
        try Check.throwsError("a batch delete of venues reaching the arena is denied", matching: DeleteRuleCases.isDeleteRuleViolation) {
            try ModelContext(container).delete(model: Venue.self)
        }
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Venue>()), 3, "no venue was deleted")
        try Check.equal(try showTitles(container), ["final", "hamlet", "lear"], "and no show")
    }

    /// A subclass's `.externalStorage` and `.ephemeral` attributes behave as a root class's do,
    /// read through a fetch of the root; a predicate reaches the subclass's to-many through `as?`.
    static let subclassAttributeOptions = ConformanceCase("inheritance.subclassAttributeOptions", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.venues)
        let context = ModelContext(container)
        let poster = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let globe = Theater(name: "globe")
        context.insert(globe)
        globe.poster = poster
        globe.visitors = 5
        globe.shows = [Show(title: "hamlet"), Show(title: "lear")]
        context.insert(Theater(name: "rose"))
        context.insert(Venue(name: "hall"))
        try context.save()

        let reader = ModelContext(container)
        let venues = try reader.fetch(FetchDescriptor<Venue>(sortBy: [SortDescriptor(\.name)]))
        let fetched = try Check.unwrap(venues.first as? Theater, "the globe, as a theater")
        try Check.equal(fetched.poster, poster, "the external poster")
        try Check.equal(fetched.visitors, 0, "the ephemeral count is not stored")
        let busy = try reader.fetch(FetchDescriptor<Venue>(predicate: #Predicate { (($0 as? Theater)?.shows.count ?? 0) > 1 }))
        try Check.equal(busy.map(\.name), ["globe"], "a theater with more than one show, through as?")
    }
}
