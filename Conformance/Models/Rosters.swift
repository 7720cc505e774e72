import StrataCore

/// A to-many relationship with count bounds: a roster holds one to three players.
@Model public final class Roster {
    public var name: String
    @Relationship(deleteRule: .nullify, minimumModelCount: 1, maximumModelCount: 3, inverse: \Player.roster)
    public var players: [Player] = []

    public init(name: String) {
        self.name = name
    }
}

/// The to-one side of ``Roster/players``.
@Model public final class Player {
    public var name: String
    public var roster: Roster?

    public init(name: String, roster: Roster? = nil) {
        self.name = name
        self.roster = roster
    }
}
