import StrataCore

/// Two contexts change one relationship list between a load and a save: each save writes only
/// its own additions and removals, from whichever side it made them.
extension LinkCases {
    static let manyToMany: [ConformanceCase] = [
        // A appends from the topic's side; B links from the article's side and saves first.
        link("manyToMany.appendsFromBothSidesBothStay") { container in
            try seed(container, ["s1": ["t"], "s2": [], "s3": []])
            let a = ModelContext(container), b = ModelContext(container)
            let topicInA = try topic(a, "t")
            try Check.equal(topicInA.articles.map(\.title), ["s1"], "articles A loaded")
            topicInA.articles.append(try article(a, "s2"))
            try article(b, "s3").topics.append(try topic(b, "t"))
            try b.save()
            try a.save()
            try checkGraph(container, articles: ["s1": ["t"], "s2": ["t"], "s3": ["t"]], topics: ["t": ["s1", "s2", "s3"]])
        },
        link("manyToMany.appendsFromTheListSideBothStay") { container in
            try seed(container, ["s1": ["t"], "s2": [], "s3": []])
            let a = ModelContext(container), b = ModelContext(container)
            let topicInA = try topic(a, "t"), topicInB = try topic(b, "t")
            topicInA.articles.append(try article(a, "s2"))
            topicInB.articles.append(try article(b, "s3"))
            try b.save()
            try a.save()
            try checkGraph(container, articles: ["s1": ["t"], "s2": ["t"], "s3": ["t"]], topics: ["t": ["s1", "s2", "s3"]])
        },
        link("manyToMany.appendsFromTheDeclaringSideBothStay") { container in
            try seed(container, ["s1": ["t"], "s2": [], "s3": []], topics: ["u"])
            let a = ModelContext(container), b = ModelContext(container)
            let s1InA = try article(a, "s1"), s1InB = try article(b, "s1")
            s1InA.topics.append(try topic(a, "u"))
            _ = s1InB.topics
            try article(b, "s2").topics.append(try topic(b, "t"))
            try b.save()
            try a.save()
            try checkGraph(container, articles: ["s1": ["t", "u"], "s2": ["t"], "s3": []], topics: ["t": ["s1", "s2"], "u": ["s1"]])
        },
        link("manyToMany.removalAgainstConcurrentAddition") { container in
            try seed(container, ["s1": ["t"], "s2": ["t"], "s3": []])
            let a = ModelContext(container), b = ModelContext(container)
            let topicInA = try topic(a, "t")
            topicInA.articles.removeAll { $0.title == "s1" }
            try topic(b, "t").articles.append(try article(b, "s3"))
            try b.save()
            try a.save()
            try checkGraph(container, articles: ["s1": [], "s2": ["t"], "s3": ["t"]], topics: ["t": ["s2", "s3"]])
        },
        link("manyToMany.attributeSaveKeepsAnotherContextsLink") { container in
            try seed(container, ["s1": ["t"], "s2": []])
            let a = ModelContext(container), b = ModelContext(container)
            let topicInA = try topic(a, "t")
            _ = topicInA.articles
            try article(b, "s2").topics.append(try topic(b, "t"))
            try b.save()
            topicInA.label = "renamed"
            try a.save()
            try checkGraph(container, articles: ["s1": ["renamed"], "s2": ["renamed"]], topics: ["renamed": ["s1", "s2"]])
        },
    ]

    static let oneToMany: [ConformanceCase] = [
        // The loaded list gains p2 in A; B sets p3's owner and saves first.
        link("oneToMany.loadedListAppendKeepsAnotherContextsChild") { container in
            try seedPets(container, ["o": ["p1"]], unowned: ["p2", "p3"])
            let a = ModelContext(container), b = ModelContext(container)
            let ownerInA = try owner(a, "o")
            try Check.equal(ownerInA.pets.map(\.name), ["p1"], "pets A loaded")
            ownerInA.pets.append(try pet(a, "p2"))
            try pet(b, "p3").owner = try owner(b, "o")
            try b.save()
            try a.save()
            try checkPets(container, ["o": ["p1", "p2", "p3"]])
        },
        link("oneToMany.attributeSaveKeepsAnotherContextsChild") { container in
            try seedPets(container, ["o": ["p1"]], unowned: ["p2"])
            let a = ModelContext(container), b = ModelContext(container)
            let ownerInA = try owner(a, "o")
            _ = ownerInA.pets
            try pet(b, "p2").owner = try owner(b, "o")
            try b.save()
            ownerInA.age = 40
            try a.save()
            try checkPets(container, ["o": ["p1", "p2"]])
        },
        // A moves p1 from o1 to o2 (loaded lists on both sides); B adds p3 to o1 and saves first.
        link("oneToMany.moveAgainstConcurrentAddition") { container in
            try seedPets(container, ["o1": ["p1"], "o2": []], unowned: ["p3"])
            let a = ModelContext(container), b = ModelContext(container)
            _ = try owner(a, "o1").pets
            try owner(a, "o2").pets.append(try pet(a, "p1"))
            try pet(b, "p3").owner = try owner(b, "o1")
            try b.save()
            try a.save()
            try checkPets(container, ["o1": ["p3"], "o2": ["p1"]])
        },
        // Two contexts move one pet to different owners: the later save wins, nothing else moves.
        link("oneToMany.oppositeMovesLaterSaveWins") { container in
            try seedPets(container, ["o1": ["p1", "p2"], "o2": [], "o3": []])
            let a = ModelContext(container), b = ModelContext(container)
            try pet(a, "p1").owner = try owner(a, "o2")
            try owner(b, "o3").pets.append(try pet(b, "p1"))
            try a.save()
            try b.save()
            try checkPets(container, ["o1": ["p2"], "o3": ["p1"]])
        },
    ]

    /// Saves owners with the pets named, and pets without an owner.
    static func seedPets(_ container: ModelContainer, _ owners: KeyValuePairs<String, [String]>, unowned: [String] = []) throws {
        let context = ModelContext(container)
        for (name, pets) in owners {
            let owner = Owner(name: name)
            context.insert(owner)
            for pet in pets { context.insert(Pet(name: pet, owner: owner)) }
        }
        for pet in unowned { context.insert(Pet(name: pet)) }
        try context.save()
    }

    static func owner(_ context: ModelContext, _ name: String) throws -> Owner {
        try DeleteRuleCases.one(context, #Predicate<Owner> { $0.name == name })
    }

    static func pet(_ context: ModelContext, _ name: String) throws -> Pet {
        try DeleteRuleCases.one(context, #Predicate<Pet> { $0.name == name })
    }
}
