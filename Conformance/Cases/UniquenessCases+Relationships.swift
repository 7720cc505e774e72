import StrataCore

/// A unique upsert and relationships: the inserted model's attributes and to-one relationships
/// replace the stored row's; its to-many relationships are merged into the stored row's, which
/// keeps every model it was related to (semantics rule 18).
extension UniquenessCases {
    static let relationshipCases: [ConformanceCase] = [
        upsertKeepsToMany(explicitlyEmpty: false), upsertKeepsToMany(explicitlyEmpty: true),
        upsertAddsMember, upsertAddsSponsor, upsertMovesMember, upsertClearsToOne,
    ]

    /// What a new context reads: each team's member names and sponsor names, each member's
    /// team, each sponsor's teams (every list sorted, so order never matters).
    struct League: Equatable, CustomStringConvertible {
        var members: [String: [String]] = [:]
        var sponsors: [String: [String]] = [:]
        var memberTeams: [String: String] = [:]
        var sponsorTeams: [String: [String]] = [:]

        init(members: [String: [String]], sponsors: [String: [String]] = [:], memberTeams: [String: String], sponsorTeams: [String: [String]] = [:]) {
            (self.members, self.sponsors, self.memberTeams, self.sponsorTeams) = (members, sponsors, memberTeams, sponsorTeams)
        }

        init(_ container: ModelContainer) throws {
            let context = ModelContext(container)
            for team in try context.fetch(FetchDescriptor<Team>()) {
                members[team.name] = team.members.map(\.name).sorted()
                sponsors[team.name] = team.sponsors.map(\.name).sorted()
            }
            for member in try context.fetch(FetchDescriptor<Member>()) { memberTeams[member.name] = member.team?.name ?? "-" }
            for sponsor in try context.fetch(FetchDescriptor<Sponsor>()) { sponsorTeams[sponsor.name] = sponsor.teams.map(\.name).sorted() }
        }

        var description: String { "members \(members), sponsors \(sponsors), member teams \(memberTeams), sponsor teams \(sponsorTeams)" }
    }

    static let teamTypes: [any PersistentModel.Type] = [Team.self, Member.self, Sponsor.self]

    /// Team "A" with members m1 and m2 and sponsor s1; team "B" with no one.
    static func seedLeague(_ container: ModelContainer) throws {
        let context = ModelContext(container)
        let a = Team(name: "A", motto: "old"), b = Team(name: "B")
        context.insert(a)
        context.insert(b)
        for name in ["m1", "m2"] { context.insert(Member(name: name, team: a)) }
        let s1 = Sponsor(name: "s1")
        context.insert(s1)
        a.sponsors = [s1]
        try context.save()
    }

    static let seeded = League(
        members: ["A": ["m1", "m2"], "B": []], sponsors: ["A": ["s1"], "B": []],
        memberTeams: ["m1": "A", "m2": "A"], sponsorTeams: ["s1": ["A"]])

    /// Inserting a team whose name is stored updates its attributes and keeps its members and
    /// sponsors, whether the inserted team's lists were left empty or set to `[]`.
    static func upsertKeepsToMany(explicitlyEmpty: Bool) -> ConformanceCase {
        ConformanceCase("uniqueness.relationships.upsertKeepsToMany\(explicitlyEmpty ? ".explicitlyEmpty" : "")", category: "uniqueness") { environment in
            let container = try environment.makeContainer(for: teamTypes)
            try seedLeague(container)
            try Check.equal(try League(container), seeded, "the seeded league")
            let context = ModelContext(container)
            let team = Team(name: "A", motto: "new")
            if explicitlyEmpty {
                team.members = []
                team.sponsors = []
            }
            context.insert(team)
            try context.save()
            try Check.equal(try League(container), seeded, "members and sponsors are kept")
            let mottos = try ModelContext(container).fetch(FetchDescriptor<Team>()).map { "\($0.name):\($0.motto ?? "-")" }
            try Check.sameElements(mottos, ["A:new", "B:-"], "the attributes are the inserted team's")
            let refetched = try context.fetch(FetchDescriptor<Team>()).first { $0.name == "A" }
            try Check.that(refetched === team, "the saving context refetches the inserted object")
            try Check.sameElements(team.members.map(\.name), ["m1", "m2"], "which reads the kept members")
        }
    }

    /// A new member of a new team that upserts onto team "A" joins A's members.
    static let upsertAddsMember = ConformanceCase("uniqueness.relationships.upsertAddsMember", category: "uniqueness") { environment in
        let container = try environment.makeContainer(for: teamTypes)
        try seedLeague(container)
        let context = ModelContext(container)
        context.insert(Member(name: "m3", team: Team(name: "A")))
        try context.save()
        var expected = seeded
        expected.members["A"] = ["m1", "m2", "m3"]
        expected.memberTeams["m3"] = "A"
        try Check.equal(try League(container), expected, "m3 joins A, m1 and m2 stay")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Team>()), 2, "still two teams")
    }

    /// A new sponsor of a new team that upserts onto team "A" joins A's sponsors (many-to-many).
    static let upsertAddsSponsor = ConformanceCase("uniqueness.relationships.upsertAddsSponsor", category: "uniqueness") { environment in
        let container = try environment.makeContainer(for: teamTypes)
        try seedLeague(container)
        let context = ModelContext(container)
        let team = Team(name: "A")
        context.insert(team)
        let s2 = Sponsor(name: "s2")
        context.insert(s2)
        team.sponsors = [s2]
        try context.save()
        var expected = seeded
        expected.sponsors["A"] = ["s1", "s2"]
        expected.sponsorTeams["s2"] = ["A"]
        try Check.equal(try League(container), expected, "s2 sponsors A, s1 stays")
    }

    /// A member inserted with the name of a stored member and another team moves to that team.
    static let upsertMovesMember = ConformanceCase("uniqueness.relationships.upsertMovesMember", category: "uniqueness") { environment in
        let container = try environment.makeContainer(for: teamTypes)
        try seedLeague(container)
        let context = ModelContext(container)
        let b = try DeleteRuleCases.one(context, #Predicate<Team> { $0.name == "B" })
        context.insert(Member(name: "m1", team: b))
        try context.save()
        var expected = seeded
        expected.members = ["A": ["m2"], "B": ["m1"]]
        expected.memberTeams["m1"] = "B"
        try Check.equal(try League(container), expected, "m1 leaves A for B")
    }

    /// A member inserted with the name of a stored member and no team leaves its team: a
    /// to-one relationship is the inserted model's, nil included.
    static let upsertClearsToOne = ConformanceCase("uniqueness.relationships.upsertClearsToOne", category: "uniqueness") { environment in
        let container = try environment.makeContainer(for: teamTypes)
        try seedLeague(container)
        let context = ModelContext(container)
        context.insert(Member(name: "m2"))
        try context.save()
        var expected = seeded
        expected.members["A"] = ["m1"]
        expected.memberTeams["m2"] = "-"
        try Check.equal(try League(container), expected, "m2 has no team, A keeps m1")
    }
}
