import Foundation
import JSONFileStore
import StrataConformance
import StrataCore
import Testing

/// What only a file store can show: the file outlives the container, and a failed save leaves it alone.
@Suite struct JSONFileStoreTests {
    static let schema = Schema([Owner.self, Pet.self, Library.self, Book.self, Note.self])

    /// A fresh file in a fresh directory.
    static func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("store.json")
    }

    static func container(_ url: URL) throws -> ModelContainer {
        try ModelContainer(for: schema, configurations: [JSONFileConfiguration(url: url)])
    }

    @Test func opening_creates_an_empty_store_file() throws {
        let url = try Self.temporaryFile()
        let context = ModelContext(try Self.container(url))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try context.fetchCount(FetchDescriptor<Owner>()) == 0)
    }

    @Test func the_file_survives_reopening() throws {
        let url = try Self.temporaryFile()
        let savedID: PersistentIdentifier
        do {
            let context = ModelContext(try Self.container(url))
            let ann = Owner(name: "ann", age: 41)
            context.insert(ann)
            context.insert(Pet(name: "rex", owner: ann))
            context.insert(Pet(name: "tom", owner: ann))
            try context.save()
            savedID = ann.persistentModelID
        }

        let reopened = try Self.container(url)
        let context = ModelContext(reopened)
        let owners = try context.fetch(FetchDescriptor<Owner>())
        #expect(owners.map(\.name) == ["ann"])
        #expect(owners.first?.age == 41)
        #expect(owners.first?.persistentModelID == savedID, "identifiers are stable across reopening")
        #expect(owners.first?.pets.map(\.name).sorted() == ["rex", "tom"])
        #expect(try context.fetch(FetchDescriptor<Pet>(sortBy: [SortDescriptor(\.name)])).map { $0.owner?.name } == ["ann", "ann"])

        // New keys continue after the stored ones.
        context.insert(Pet(name: "max"))
        try context.save()
        let identifiers = try ModelContext(try Self.container(url)).fetchIdentifiers(FetchDescriptor<Pet>())
        #expect(Set(identifiers).count == 3)
    }

    @Test func a_failed_save_leaves_the_file_byte_identical() throws {
        let url = try Self.temporaryFile()
        let container = try Self.container(url)
        let setup = ModelContext(container)
        let city = Library(name: "city")
        setup.insert(city)
        setup.insert(Book(title: "b1", library: city))
        try setup.save()
        let before = try Data(contentsOf: url)

        let context = ModelContext(container)
        let library = try #require(try context.fetch(FetchDescriptor<Library>()).first)
        context.delete(library)
        context.insert(Owner(name: "bob"))
        #expect(throws: SwiftDataError.deleteRuleViolation) { try context.save() }

        #expect(try Data(contentsOf: url) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["store.json"], "no temporary file is left behind")
    }

    @Test func erase_empties_the_file_and_never_reuses_keys() throws {
        let url = try Self.temporaryFile()
        let container = try Self.container(url)
        let context = ModelContext(container)
        let ann = Owner(name: "ann")
        context.insert(ann)
        try context.save()
        try container.erase()

        let after = ModelContext(try Self.container(url))
        #expect(try after.fetchCount(FetchDescriptor<Owner>()) == 0)
        let bob = Owner(name: "bob")
        after.insert(bob)
        try after.save()
        #expect(bob.persistentModelID != ann.persistentModelID)
    }

    @Test func a_file_that_is_not_a_store_is_refused() throws {
        let url = try Self.temporaryFile()
        try Data("not json".utf8).write(to: url)
        #expect(throws: SwiftDataError.unsupportedConfiguration) { try Self.container(url) }
    }
}
