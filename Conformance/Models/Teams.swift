import StrataCore

/// A team, unique by name, with a one-to-many list of members and a many-to-many list of
/// sponsors: what a unique upsert must merge rather than overwrite.
@Model public final class Team {
    @Attribute(.unique) public var name: String
    public var motto: String?
    @Relationship(inverse: \Member.team) public var members: [Member] = []
    @Relationship(inverse: \Sponsor.teams) public var sponsors: [Sponsor] = []

    public init(name: String, motto: String? = nil) {
        self.name = name
        self.motto = motto
    }
}

/// The to-one side of ``Team/members``; unique by name, so an upsert can move it to another team.
@Model public final class Member {
    @Attribute(.unique) public var name: String
    public var team: Team?

    public init(name: String, team: Team? = nil) {
        self.name = name
        self.team = team
    }
}

/// The other side of ``Team/sponsors``.
@Model public final class Sponsor {
    public var name: String
    public var teams: [Team] = []

    public init(name: String) {
        self.name = name
    }
}
