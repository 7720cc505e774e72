import StrataCore

/// A save writes the links its context added and removed, never a to-many list as it was
/// loaded (semantics rule 27): two contexts adding to one list both keep theirs, a removal
/// removes only its member, and a new model a unique upsert resolves to a stored row is the
/// same member, not a removal plus an addition. Each case interleaves two contexts on one
/// store and reads the result in a third.
enum LinkCases {
    static let category = "links"

    static let all: [ConformanceCase] = upserts + manyToMany + oneToMany

    static func link(_ id: String, _ body: @escaping @Sendable (ModelContainer) throws -> Void) -> ConformanceCase {
        ConformanceCase("\(category).\(id)", category: category) { environment in
            try body(try environment.makeContainer(for: [Topic.self, Article.self, Owner.self, Pet.self, Team.self, Member.self, Sponsor.self]))
        }
    }

    // MARK: Fixtures and reads

    /// Saves articles titled `titles`, each listing the topics labelled as given.
    static func seed(_ container: ModelContainer, _ articles: KeyValuePairs<String, [String]>, topics extra: [String] = []) throws {
        let context = ModelContext(container)
        var topics: [String: Topic] = [:]
        func topic(_ label: String) -> Topic {
            if let topic = topics[label] { return topic }
            let made = Topic(label: label)
            context.insert(made)
            topics[label] = made
            return made
        }
        for label in extra { _ = topic(label) }
        for (title, labels) in articles { context.insert(Article(title: title, topics: labels.map(topic))) }
        try context.save()
    }

    static func article(_ context: ModelContext, _ title: String) throws -> Article {
        try DeleteRuleCases.one(context, #Predicate<Article> { $0.title == title })
    }

    static func topic(_ context: ModelContext, _ label: String) throws -> Topic {
        try DeleteRuleCases.one(context, #Predicate<Topic> { $0.label == label })
    }

    /// Every article's topic labels and every topic's article titles, read in a new context:
    /// both sides must tell the same story.
    static func checkGraph(_ container: ModelContainer, articles: [String: [String]], topics: [String: [String]]) throws {
        let reader = ModelContext(container)
        let storedArticles = try reader.fetch(FetchDescriptor<Article>())
        try Check.sameElements(storedArticles.map(\.title), Array(articles.keys), "articles")
        for article in storedArticles {
            try Check.sameElements(article.topics.map(\.label), articles[article.title] ?? [], "topics of \(article.title)")
        }
        let storedTopics = try reader.fetch(FetchDescriptor<Topic>())
        try Check.sameElements(storedTopics.map(\.label), Array(topics.keys), "topics (one per label)")
        for topic in storedTopics {
            try Check.sameElements(topic.articles.map(\.title), topics[topic.label] ?? [], "articles of \(topic.label)")
        }
    }

    /// Every owner's pet names and every pet's owner, read in a new context.
    static func checkPets(_ container: ModelContainer, _ owners: [String: [String]]) throws {
        let reader = ModelContext(container)
        for owner in try reader.fetch(FetchDescriptor<Owner>()) {
            try Check.sameElements(owner.pets.map(\.name), owners[owner.name] ?? [], "pets of \(owner.name)")
        }
        for pet in try reader.fetch(FetchDescriptor<Pet>()) {
            let expected = owners.first { $0.value.contains(pet.name) }?.key
            try Check.equal(pet.owner?.name, expected, "owner of \(pet.name)")
        }
    }
}
