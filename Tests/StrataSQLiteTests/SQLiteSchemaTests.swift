import Foundation
import StrataCore
import StrataSQL
@testable import StrataSQLite
import Testing

/// Opening a database whose tables differ from the schema.
@Suite struct SQLiteSchemaTests {
    @Test func additiveChangesAreAppliedAndOldRowsReadDefaults() throws {
        let url = temporaryDatabase("additive")
        do {
            let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
            context.insert(Version1.Gadget(name: "old"))
            try context.save()
        }
        let context = ModelContext(try sqliteContainer([Version2.Gadget.self, Version2.Widget.self], at: url))
        let gadgets = try context.fetch(FetchDescriptor<Version2.Gadget>())
        #expect(gadgets.map(\.name) == ["old"])
        #expect(gadgets.first?.note == nil)
        #expect(gadgets.first?.rating == 3)
        context.insert(Version2.Widget(label: "new entity"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Version2.Widget>()) == 1)
    }

    @Test func conflictingChangesAreRefusedWithEveryDifferenceListed() throws {
        let url = temporaryDatabase("conflict")
        do {
            let context = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
            context.insert(Version1.Gadget(name: "kept"))
            try context.save()
        }
        do {
            _ = try sqliteContainer([Version3.Gadget.self], at: url)
            Issue.record("opening a conflicting schema succeeded")
        } catch let error as SwiftDataError {
            #expect(error == .schemaMismatch)
            #expect(error.message.contains("Gadget.title is missing"))
            #expect(error.message.contains("Gadget.name is in the database but not in the schema"))
        }
        let reopened = ModelContext(try sqliteContainer([Version1.Gadget.self], at: url))
        #expect(try reopened.fetch(FetchDescriptor<Version1.Gadget>()).map(\.name) == ["kept"])
    }

    @Test func aFileThatIsNotADatabaseIsATypedError() throws {
        let url = temporaryDatabase("garbage")
        try Data("this is not a database, just text that is long enough to look like a header".utf8).write(to: url)
        #expect(throws: SQLiteError.self) { _ = try sqliteContainer([Version1.Gadget.self], at: url) }
        do {
            _ = try sqliteContainer([Version1.Gadget.self], at: url)
        } catch let error as SQLiteError {
            #expect(error.kind == .notADatabase)
        }
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("this is not a database"))
    }

    @Test func aFileThatIsNotADatabaseMatchesSwiftDataLoadIssue() throws {
        let url = temporaryDatabase("garbage-load-issue")
        try Data("this is not a database, just text that is long enough to look like a header".utf8).write(to: url)
        var matched = false
        do {
            _ = try sqliteContainer([Version1.Gadget.self], at: url)
        } catch SwiftDataError.loadIssueModelContainer {
            matched = true
        }
        #expect(matched)
        #expect(!(SwiftDataError.loadIssueModelContainer ~= SwiftDataError.schemaMismatch))
    }

    @Test func keywordsAsEntityAndPropertyNamesWork() throws {
        let context = ModelContext(try sqliteContainer([Order.self], at: temporaryDatabase("keywords")))
        context.insert(Order(select: "a\"b'c", from: 1, group: "x"))
        context.insert(Order(select: "'; DROP TABLE \"Order\"; --", from: 2))
        try context.save()
        let orders = try context.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.group == nil }, sortBy: [SortDescriptor(\.from)]))
        #expect(orders.map(\.select) == ["'; DROP TABLE \"Order\"; --"])
        #expect(try context.fetchCount(FetchDescriptor<Order>()) == 2)
    }

    @Test func quotingDoublesEmbeddedQuotes() {
        #expect(SQLiteDialect().quote("we\"ird") == "\"we\"\"ird\"")
    }
}
