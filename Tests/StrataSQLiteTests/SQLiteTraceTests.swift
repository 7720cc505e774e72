import Foundation
import StrataCore
import StrataSQLite
import Synchronization
import Testing

/// The statements the store runs, as its trace hook reports them.
@Suite struct SQLiteTraceTests {
    /// A fresh store's configuration, tracing into the returned recorder.
    func traced(_ name: String) -> (SQLiteConfiguration, Recorder) {
        let recorder = Recorder()
        var configuration = SQLiteConfiguration(url: temporaryDatabase(name))
        configuration.trace = { recorder.record($0) }
        return (configuration, recorder)
    }

    final class Recorder: Sendable {
        private let statements = Mutex<[String]>([])
        func record(_ sql: String) { statements.withLock { $0.append(sql) } }
        var selects: [String] { statements.withLock { $0.filter { $0.hasPrefix("SELECT") } } }
        var all: [String] { statements.withLock { $0 } }
        func clear() { statements.withLock { $0.removeAll() } }
    }

    @Test func aNullSafeInequalityRunsAsOneSelectWithIsNot() throws {
        let (configuration, recorder) = traced("trace")
        let context = ModelContext(try ModelContainer(for: Schema([Order.self]), configurations: [configuration]))
        context.insert(Order(select: "a", from: 1, group: "x"))
        context.insert(Order(select: "b", from: 2))
        try context.save()
        recorder.clear()
        let other = "x"
        let rows = try context.fetch(FetchDescriptor<Order>(predicate: #Predicate { $0.group != other }))
        #expect(rows.map(\.select) == ["b"])
        #expect(recorder.selects == [
            "SELECT \"t0\".\"_pk\", \"t0\".\"select\", \"t0\".\"from\", \"t0\".\"group\", \"t0\".\"order\" FROM \"Order\" AS \"t0\" WHERE (\"t0\".\"group\" IS NOT ?) ORDER BY \"t0\".\"_pk\" ASC",
        ])
    }

    @Test func aBatchDeleteOfAnUnrelatedEntityIsOneDelete() throws {
        let (configuration, recorder) = traced("batch")
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [configuration])
        let context = ModelContext(container)
        for index in 0..<5 { context.insert(Order(select: "s\(index)", from: index)) }
        try context.save()
        recorder.clear()
        try context.delete(model: Order.self, where: #Predicate { $0.from >= 2 })
        #expect(recorder.all.filter { $0.hasPrefix("DELETE") } == ["DELETE FROM \"Order\" AS \"t0\" WHERE (\"t0\".\"from\" >= ?)"])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Order>(sortBy: [SortDescriptor(\.from)])).map(\.from) == [0, 1])
    }

    @Test func anUpdateWritesOnlyTheChangedColumnsAndKeepsAnotherContextsChange() throws {
        let (configuration, recorder) = traced("partial")
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [configuration])
        let setup = ModelContext(container)
        setup.insert(Order(select: "a", from: 1, group: "g", order: 1))
        try setup.save()
        let first = ModelContext(container), second = ModelContext(container)
        let mine = try #require(try first.fetch(FetchDescriptor<Order>()).first)
        let theirs = try #require(try second.fetch(FetchDescriptor<Order>()).first)
        mine.order = 2
        theirs.group = nil
        theirs.select = "b"
        recorder.clear()
        try second.save()
        try first.save()
        #expect(recorder.all.filter { $0.hasPrefix("UPDATE") } == [
            "UPDATE \"Order\" SET \"select\" = ?, \"group\" = ? WHERE \"_pk\" = ?",
            "UPDATE \"Order\" SET \"order\" = ? WHERE \"_pk\" = ?",
        ])
        let stored = try #require(try ModelContext(container).fetch(FetchDescriptor<Order>()).first)
        #expect(stored.select == "b")
        #expect(stored.group == nil)
        #expect(stored.order == 2)
        #expect(stored.from == 1)
    }
}

extension SQLiteTraceTests {
    /// 100,000 captured keys run in SQL as one bound JSON array, never in memory.
    @Test func aHugeKeyListRunsInSQLWithOneBind() throws {
        let (configuration, recorder) = traced("huge-in")
        let container = try ModelContainer(for: Schema([Order.self]), configurations: [configuration])
        let context = ModelContext(container)
        for index in 0..<3_000 { context.insert(Order(select: "s\(index)", from: index)) }
        try context.save()
        let keys = Array(stride(from: 0, to: 200_000, by: 2))
        recorder.clear()
        let rows = try ModelContext(container).fetch(FetchDescriptor<Order>(predicate: #Predicate { keys.contains($0.from) }))
        #expect(rows.count == 1_500)
        #expect(recorder.selects.count == 1)
        #expect(recorder.selects.first?.contains(#"WHERE ("t0"."from" IN (SELECT "value" FROM json_each(?)))"#) == true)
    }
}
