import Foundation
import Strata
import Testing

/// SwiftData code that relies on inference: attribute types from initial values, an optional
/// to-many, and an inverse neither side declares.
@Suite struct InferredShapesTests {
    @Test func attributeTypesComeFromTheirInitialValues() throws {
        let board = try #require(Schema([Scoreboard.self]).entitiesByName["Scoreboard"])
        #expect(board.attributesByName["score"]?.valueType == Int.self)
        #expect(board.attributesByName["ratio"]?.valueType == Double.self)
        #expect(board.attributesByName["active"]?.valueType == Bool.self)
        #expect(board.attributesByName["title"]?.valueType == String.self)
        #expect(board.attributesByName["score"]?.defaultValue as? Int == 0)
    }

    @Test func theOnlyRelationshipsBetweenTwoTypesAreEachOthersInverse() throws {
        let schema = Schema([Scoreboard.self])
        let entries = try #require(schema.entitiesByName["Scoreboard"]?.relationshipsByName["entries"])
        let board = try #require(schema.entitiesByName["ScoreEntry"]?.relationshipsByName["board"])
        #expect(entries.inverseName == "board")
        #expect(board.inverseName == "entries")
        // Two relationships from one type to the other are ambiguous: all stay one-way.
        let ambiguous = Schema([Fixture.self])
        let relationships = ambiguous.entities.flatMap(\.relationships)
        #expect(relationships.map(\.name).sorted() == ["away", "fixtures", "home"])
        #expect(relationships.allSatisfy { $0.inverseName == nil })
    }

    @Test(arguments: [false, true])
    func anOptionalToManyWithAnInferredInverseRoundTrips(onSQLite: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-inferred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = onSQLite
            ? ModelConfiguration(url: directory.appendingPathComponent("scores.sqlite"))
            : ModelConfiguration(isStoredInMemoryOnly: true)
        let container = try ModelContainer(for: Scoreboard.self, configurations: configuration)
        let context = ModelContext(container)
        let board = Scoreboard(title: "league")
        context.insert(board)
        let entry = ScoreEntry(points: 7)
        board.entries?.append(entry)
        #expect(entry.board === board, "the inferred inverse follows the side the app changed")
        board.score = 3
        try context.save()

        let other = ModelContext(container)
        let fetched = try other.fetch(FetchDescriptor<Scoreboard>(predicate: #Predicate { $0.score == 3 }))
        #expect(fetched.map(\.title) == ["league"])
        #expect(fetched.first?.entries?.map(\.points) == [7])
        #expect(try other.fetch(FetchDescriptor<ScoreEntry>()).first?.board?.title == "league")
        other.delete(fetched[0])
        try other.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<ScoreEntry>()) == 0, "the cascade reached the entry")
    }
}

/// Two to-ones to the same type and one to-many back: no inverse can be inferred.
@Model final class Fixture {
    var home: Club?
    var away: Club?

    init() {}
}

/// See ``Fixture``.
@Model final class Club {
    var name = ""
    var fixtures: [Fixture] = []

    init() {}
}
