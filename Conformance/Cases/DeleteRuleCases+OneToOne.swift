import StrataCore

/// `.cascade` on a one-to-one relationship (SampleTrips' journey and its lodging).
extension DeleteRuleCases {
    /// Deleting a journey deletes its lodging, in the store and in the saving context; another
    /// journey's lodging stays.
    static let cascadeOneToOne = ConformanceCase("deleteRule.cascade.oneToOne", category: "deleteRule") { environment in
        let container = try environment.makeContainer(for: Journey.models)
        let seed = ModelContext(container)
        for (name, place) in [("lisbon", "alfama"), ("porto", "ribeira")] {
            let journey = Journey(name: name)
            seed.insert(journey)
            journey.lodging = Lodging(place: place)
        }
        try seed.save()
        let context = ModelContext(container)
        let lisbon = try one(context, #Predicate<Journey> { $0.name == "lisbon" })
        let lodging = try Check.unwrap(lisbon.lodging, "lisbon's lodging")
        context.delete(lisbon)
        try context.save()
        try Check.that(lodging.isDeleted, "the saving context marks the lodging deleted")
        try Check.sameElements(try names(Lodging.self, container, \.place), ["ribeira"], "lodgings in a new context")
        try Check.sameElements(try names(Journey.self, container, \.name), ["porto"], "journeys in a new context")
    }
}
