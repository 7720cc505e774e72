import Foundation
import StrataCore
import StrataSQL
import Testing

@testable import StrataSQLite

/// A predicate SQL can answer only in part: the translatable conjuncts run in SQL (their
/// `WHERE` is in the statement, and fewer rows are read), the rest in Swift.
@Suite struct PartialFilterTests {
    /// A SQLite store of `Order`s numbered `0..<count`; `select` is "s" and the number.
    func store(_ count: Int, recorder: SQLiteTraceTests.Recorder) throws -> (ModelContainer, SQLiteStore) {
        var configuration = SQLiteConfiguration(url: temporaryDatabase("partial"))
        configuration.trace = { recorder.record($0) }
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [configuration])
        let context = ModelContext(container)
        for index in 0..<count { context.insert(Order(select: "s\(index)", from: index)) }
        try context.save()
        recorder.clear()
        return (container, try #require(container.dataStore as? SQLiteStore))
    }

    /// How many rows the engine reads for `descriptor` (through a connection that counts them).
    func rowsRead(_ descriptor: FetchDescriptor<Order>, in store: SQLiteStore) throws -> (rows: Int, matched: [Int]) {
        let plan = try store.engine.plan(DataStoreFetchRequest(descriptor: descriptor, editingState: EditingState()), for: .snapshots)
        return try store.connections.read { connection in
            let counting = CountingConnection(base: connection)
            let result = try store.engine.fetch(plan, on: counting)
            return (counting.rowsRead, result.fetchedSnapshots.map { snapshot in
                guard case .integer(let from)? = snapshot["from"] else { return -1 }
                return Int(from)
            })
        }
    }

    @Test func theTranslatableConjunctRunsInSQLAndFewerRowsAreRead() throws {
        let recorder = SQLiteTraceTests.Recorder()
        let (container, store) = try store(50, recorder: recorder)
        let mixed = FetchDescriptor<Order>(predicate: #Predicate { $0.from == 7 && $0.select.count == 2 })
        #expect(try ModelContext(container).fetch(mixed).map(\.from) == [7])
        #expect(recorder.selects == [
            "SELECT \"t0\".\"_pk\", \"t0\".\"select\", \"t0\".\"from\", \"t0\".\"group\", \"t0\".\"order\" FROM \"Order\" AS \"t0\" WHERE (\"t0\".\"from\" = ?) ORDER BY \"t0\".\"_pk\" ASC",
        ])
        #expect(try rowsRead(mixed, in: store) == (1, [7]))
        let untranslatable = FetchDescriptor<Order>(predicate: #Predicate { $0.select.count == 2 })
        #expect(try rowsRead(untranslatable, in: store) == (50, Array(0..<10)))
    }

    @Test func conjunctOrderDoesNotChangeTheStatement() throws {
        let recorder = SQLiteTraceTests.Recorder()
        let (container, _) = try store(20, recorder: recorder)
        let context = ModelContext(container)
        let first = try context.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.select.count == 3 && $0.from < 12 }))
        let last = try context.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.from < 12 && $0.select.count == 3 }))
        #expect(first.map(\.from) == [10, 11])
        #expect(last.map(\.from) == [10, 11])
        #expect(recorder.selects.count == 2)
        #expect(recorder.selects.allSatisfy { $0.contains("WHERE (\"t0\".\"from\" < ?)") })
    }

    @Test func aLimitAfterASwiftFilterReadsPagesInSQLOrder() throws {
        let recorder = SQLiteTraceTests.Recorder()
        let (container, store) = try store(100, recorder: recorder)
        var firstTwo = FetchDescriptor<Order>(predicate: #Predicate { $0.select.count == 3 }, sortBy: [SortDescriptor(\.from)])
        firstTwo.fetchLimit = 2
        #expect(try ModelContext(container).fetch(firstTwo).map(\.from) == [10, 11])
        #expect(recorder.selects.count == 1)
        #expect(recorder.selects.allSatisfy { $0.hasSuffix("ORDER BY \"t0\".\"from\" ASC, \"t0\".\"_pk\" ASC LIMIT ?") })
        #expect(try rowsRead(firstTwo, in: store).rows == SQLStoreEngine.firstPageSize)

        recorder.clear()
        var thirty = firstTwo
        thirty.fetchOffset = 5
        thirty.fetchLimit = 30
        #expect(try ModelContext(container).fetch(thirty).map(\.from) == Array(15..<45))
        #expect(recorder.selects.count == 2)
        #expect(recorder.selects.last?.hasSuffix("LIMIT ? OFFSET ?") == true)
        #expect(try ModelContext(container).fetchCount(thirty) == 30)
    }

    @Test func theExplanationShowsTheStatementThatRuns() throws {
        let recorder = SQLiteTraceTests.Recorder()
        let (container, _) = try store(3, recorder: recorder)
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Order>(predicate: #Predicate { $0.from == 7 && $0.select.count == 2 }, sortBy: [SortDescriptor(\.order)])
        descriptor.fetchLimit = 1
        let explanation = try context.explain(descriptor)
        _ = try context.fetch(descriptor)
        #expect(explanation.statements.map(\.text) == recorder.selects)
        #expect(explanation.statements.map(\.bindCount) == [2])
        #expect(explanation.statements.map(\.binds) == [nil])
        #expect(explanation.predicate == [.init("$0.from == ?", .store), .init("$0.select.count == ?", .memory)])
        #expect(explanation.sort == [.init("order ascending", .store)])
        #expect(explanation.limit == .pages)
        #expect(explanation.offset == nil)
        #expect(explanation.fallsBack)
        let valued = try context.explain(descriptor, showingValues: true)
        #expect(valued.predicate.map(\.text) == ["$0.from == 7", "$0.select.count == 2"])
        #expect(valued.statements.first?.binds == ["integer(7)", "integer(32)"])
    }

    @Test func aFullyTranslatedFetchDoesNotFallBack() throws {
        let (container, _) = try store(3, recorder: SQLiteTraceTests.Recorder())
        var descriptor = FetchDescriptor<Order>(predicate: #Predicate { $0.from > 0 && $0.group == nil }, sortBy: [SortDescriptor(\.from)])
        descriptor.fetchOffset = 1
        descriptor.fetchLimit = 1
        let explanation = try ModelContext(container).explain(descriptor)
        #expect(!explanation.fallsBack)
        #expect(explanation.predicate.map(\.placement) == [.store, .store])
        #expect(explanation.limit == .store)
        #expect(explanation.offset == .store)
    }
}

/// Forwards to a connection and counts the rows its queries return as snapshots.
final class CountingConnection<Base: SQLConnection>: SQLConnection {
    let base: Base
    private(set) var rowsRead = 0

    init(base: Base) { self.base = base }

    func snapshots(_ statement: SQLStatement, mapping: EntityMapping, storeIdentifier: String) throws -> [DefaultSnapshot] {
        let rows = try base.snapshots(statement, mapping: mapping, storeIdentifier: storeIdentifier)
        rowsRead += rows.count
        return rows
    }

    func run(_ statement: SQLStatement) throws -> Int { try base.run(statement) }
    func forEachRow(_ statement: SQLStatement, _ body: (Base.Row) throws -> Void) throws { try base.forEachRow(statement, body) }
    func insert(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws { try base.insert(rows, keys: keys, into: mapping) }
    func update(_ rows: [DefaultSnapshot], in mapping: EntityMapping, setting update: SQLRowWrite) throws -> [PersistentIdentifier] {
        try base.update(rows, in: mapping, setting: update)
    }
    func runForEach(_ sql: String, binds rows: [[PersistentValue]]) throws { try base.runForEach(sql, binds: rows) }
    func newKeys(_ count: Int, for table: String) throws -> [Int64] { try base.newKeys(count, for: table) }
}
