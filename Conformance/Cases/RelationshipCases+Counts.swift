import StrataCore

/// `minimumModelCount` / `maximumModelCount` are enforced at save, on every store: a save that
/// breaks one fails with `SwiftDataError.constraintViolation`, writes nothing, and keeps its
/// pending changes so the app can fix them and save again.
extension RelationshipCases {
    static let countCases: [ConformanceCase] = [tooManyOnInsert, tooFewOnInsert, tooManyThroughTheInverse]

    static let countModels: [any PersistentModel.Type] = [Roster.self, Player.self]

    /// Roster names and their player counts, read in a new context.
    static func storedRosters(_ container: ModelContainer) throws -> [String: Int] {
        let context = ModelContext(container)
        let rosters = try context.fetch(FetchDescriptor<Roster>())
        return withExtendedLifetime(context) { Dictionary(uniqueKeysWithValues: rosters.map { ($0.name, $0.players.count) }) }
    }

    static func isCountViolation(_ error: any Error) -> Bool {
        (error as? SwiftDataError).map { $0 == .constraintViolation && $0.propertyName == "players" } ?? false
    }

    /// Four players in a roster of at most three: refused; removing one lets the same save through.
    static let tooManyOnInsert = ConformanceCase("relationships.counts.maximumOnInsert", category: "relationships") { environment in
        let container = try environment.makeContainer(for: countModels)
        let context = ModelContext(container)
        let roster = Roster(name: "r")
        context.insert(roster)
        let players = (1...4).map { Player(name: "p\($0)", roster: roster) }
        players.forEach(context.insert)
        _ = try Check.throwsError("saving four players in a roster of at most three", matching: isCountViolation) { try context.save() }
        try Check.equal(try storedRosters(container), [:], "the store is unchanged")
        try Check.that(context.hasChanges, "the context keeps its pending changes")
        try Check.equal(roster.players.count, 4, "the roster still holds the four players in the context")
        context.delete(players[3])
        try context.save()
        try Check.equal(try storedRosters(container), ["r": 3], "the retry saved three players")
    }

    /// A roster with no players breaks its minimum of one.
    static let tooFewOnInsert = ConformanceCase("relationships.counts.minimumOnInsert", category: "relationships") { environment in
        let container = try environment.makeContainer(for: countModels)
        let context = ModelContext(container)
        let roster = Roster(name: "empty")
        context.insert(roster)
        _ = try Check.throwsError("saving a roster without players", matching: isCountViolation) { try context.save() }
        try Check.equal(try storedRosters(container), [:], "the store is unchanged")
        context.insert(Player(name: "p", roster: roster))
        try context.save()
        try Check.equal(try storedRosters(container), ["empty": 1], "the retry saved the roster with its player")
    }

    /// A saved roster of three gains a fourth player through `player.roster`: refused.
    static let tooManyThroughTheInverse = ConformanceCase("relationships.counts.maximumThroughInverse", category: "relationships") { environment in
        let container = try environment.makeContainer(for: countModels)
        let seed = ModelContext(container)
        let roster = Roster(name: "full")
        seed.insert(roster)
        (1...3).forEach { seed.insert(Player(name: "p\($0)", roster: roster)) }
        try seed.save()
        let context = ModelContext(container)
        let stored = try context.fetch(FetchDescriptor<Roster>())[0]
        let extra = Player(name: "p4")
        context.insert(extra)
        extra.roster = stored
        _ = try Check.throwsError("a fourth player joining through the to-one side", matching: isCountViolation) { try context.save() }
        try Check.equal(try storedRosters(container), ["full": 3], "the store is unchanged")
        extra.roster = nil
        try context.save()
        try Check.equal(try storedRosters(container), ["full": 3], "the player saved without a roster")
        try Check.equal(try ModelContext(container).fetchCount(FetchDescriptor<Player>()), 4, "four players are stored")
    }
}
