import StrataCore

/// A new model that a unique upsert resolves to a stored row replaces a member of a list, or
/// the target of a to-one: the link stays, and the stored row keeps its other links.
extension LinkCases {
    static let upserts: [ConformanceCase] = [
        link("upsert.replacedMemberStays") { container in
            let context = ModelContext(container)
            let article = Article(title: "a", topics: [Topic(label: "home")])
            context.insert(article)
            try context.save()
            article.topics = [Topic(label: "home")]
            try context.save()
            try checkGraph(container, articles: ["a": ["home"]], topics: ["home": ["a"]])
        },
        link("upsert.replacedMemberKeepsOtherArticles") { container in
            try seed(container, ["a": ["home"], "b": ["home"]])
            let context = ModelContext(container)
            let article = try article(context, "a")
            article.topics = [Topic(label: "home")]
            try context.save()
            try checkGraph(container, articles: ["a": ["home"], "b": ["home"]], topics: ["home": ["a", "b"]])
        },
        link("upsert.everyMemberRebuiltFromItsLabel") { container in
            try seed(container, ["a": ["home", "work"], "b": ["work"]])
            let context = ModelContext(container)
            let article = try article(context, "a")
            article.topics = article.topics.map { Topic(label: $0.label) } + [Topic(label: "new")]
            try context.save()
            try checkGraph(
                container, articles: ["a": ["home", "work", "new"], "b": ["work"]],
                topics: ["home": ["a"], "work": ["a", "b"], "new": ["a"]])
        },
        link("upsert.rebuiltInANewContextWithoutReadingTheTopic") { container in
            try seed(container, ["a": ["home"], "b": ["home"]])
            let context = ModelContext(container)
            try article(context, "a").topics = [Topic(label: "home"), Topic(label: "away")]
            try context.save()
            try checkGraph(container, articles: ["a": ["home", "away"], "b": ["home"]], topics: ["home": ["a", "b"], "away": ["a"]])
        },
        link("upsert.newArticleWithAStoredLabel") { container in
            try seed(container, ["a": ["home"]])
            let context = ModelContext(container)
            context.insert(Article(title: "b", topics: [Topic(label: "home"), Topic(label: "away")]))
            try context.save()
            try checkGraph(container, articles: ["a": ["home"], "b": ["home", "away"]], topics: ["home": ["a", "b"], "away": ["b"]])
        },
        link("upsert.toOneTargetKeepsItsMembers") { container in
            let seeding = ModelContext(container)
            let red = Team(name: "red")
            seeding.insert(red)
            for name in ["ann", "bob"] { seeding.insert(Member(name: name, team: red)) }
            try seeding.save()
            let context = ModelContext(container)
            let ann = try DeleteRuleCases.one(context, #Predicate<Member> { $0.name == "ann" })
            _ = ann.team?.members
            ann.team = Team(name: "red")
            try context.save()
            let reader = ModelContext(container)
            let teams = try reader.fetch(FetchDescriptor<Team>())
            try Check.equal(teams.map(\.name), ["red"], "one team per name")
            try Check.sameElements(teams[0].members.map(\.name), ["ann", "bob"], "members of red")
            for member in try reader.fetch(FetchDescriptor<Member>()) {
                try Check.equal(member.team?.name, "red", "team of \(member.name)")
            }
        },
    ]
}
