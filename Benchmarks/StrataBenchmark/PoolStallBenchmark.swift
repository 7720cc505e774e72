// `--pool-stall --postgres URL`: how late a task ticking every 10 ms runs while 16 tasks each
// make a context call (fetch, fetchCount, fetchIdentifiers, save, delete(model:where:) in turn)
// that waits about a second on a table another session has locked, for each way of calling:
// synchronous context calls from the tasks, the `async` ones, and calls inside a @ModelActor.
// The figure docs/server.md's concurrency rule rests on; PostgresAsyncContextTests runs it.
import Foundation
import Strata
import StrataAsync
import StrataPostgres

enum PoolStallBenchmark {
    /// How each of the sixteen tasks calls the store.
    enum Caller: String, CaseIterable {
        case synchronous = "sync ModelContext calls from tasks"
        case asynchronous = "async ModelContext calls (await)"
        case modelActor = "sync calls inside a @ModelActor"
    }

    static func run(url: String, tasks: Int) async throws {
        let namespaces = try BenchmarkNamespaces(url: url)
        defer { namespaces.dropAll() }
        print("Timer lateness (10 ms ticks) while \(tasks) tasks wait ~1 s on a locked table, pool of 8 connections, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("caller".padding(toLength: 40, withPad: " ", startingAt: 0) + "worst lateness   wall time")
        for caller in Caller.allCases {
            let namespace = namespaces.make(String(describing: caller).lowercased())
            let database = try StrataDatabase(postgres: url, namespace: namespace, poolSize: 8)
            try database.seed()
            let locker = try RawPostgres(conninfo: namespaces.settings.conninfo, namespace: namespace)
            _ = try locker.exec("BEGIN")
            _ = try locker.exec("LOCK TABLE \"\(namespace)\".\"Task\" IN ACCESS EXCLUSIVE MODE")
            // Used by that thread only, once the calls below have started.
            nonisolated(unsafe) let unlocking = locker
            let unlock = Thread {
                Thread.sleep(forTimeInterval: 1)
                _ = try? unlocking.exec("COMMIT")
            }
            let started = ContinuousClock.now
            let timer = _Concurrency.Task { await worstLateness() }
            unlock.start()
            try await callConcurrently(tasks, as: caller, on: database.container)
            timer.cancel()
            let rows = try await ModelContext(database.container).fetchCount(FetchDescriptor<Task>())
            let expected = 10 + (0..<tasks).filter { $0 % 5 == 3 }.count - (0..<tasks).filter { $0 % 5 == 4 && $0 / 5 < 10 }.count
            guard rows == expected else { throw RawError(description: "\(caller.rawValue): \(rows) rows after the calls, expected \(expected)") }
            let lateness = await timer.value
            let wall = ContinuousClock.now - started
            print(caller.rawValue.padding(toLength: 40, withPad: " ", startingAt: 0) + "\(milliseconds(lateness)) ms".padding(toLength: 17, withPad: " ", startingAt: 0) + "\(milliseconds(wall)) ms")
        }
    }

    private static func callConcurrently(_ tasks: Int, as caller: Caller, on container: ModelContainer) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<tasks {
                group.addTask {
                    switch caller {
                    case .synchronous: try callSynchronously(index, in: ModelContext(container))
                    case .asynchronous: try await call(index, in: ModelContext(container))
                    case .modelActor: try await StallCaller(modelContainer: container).call(index)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Call `index` of the mix, synchronously (as a synchronous function in a task makes it).
    static func callSynchronously(_ index: Int, in context: ModelContext) throws {
        switch index % 5 {
        case 0: consume(try context.fetch(FetchDescriptor<Task>(predicate: #Predicate { $0.score >= 0 })))
        case 1: consume(try context.fetchCount(FetchDescriptor<Task>()))
        case 2: consume(try context.fetchIdentifiers(FetchDescriptor<Task>(sortBy: [SortDescriptor(\.score)])))
        case 3:
            context.insert(Task(title: "call \(index)", priority: 1, score: 1, due: .now, done: false))
            try context.save()
        default:
            let title = "seed \(index / 5)"
            try context.delete(model: Task.self, where: #Predicate { $0.title == title })
        }
    }

    /// Call `index` of the mix, with the `async` calls.
    private static func call(_ index: Int, in context: ModelContext) async throws {
        switch index % 5 {
        case 0: consume(try await context.fetch(FetchDescriptor<Task>(predicate: #Predicate { $0.score >= 0 })))
        case 1: consume(try await context.fetchCount(FetchDescriptor<Task>()))
        case 2: consume(try await context.fetchIdentifiers(FetchDescriptor<Task>(sortBy: [SortDescriptor(\.score)])))
        case 3:
            context.insert(Task(title: "call \(index)", priority: 1, score: 1, due: .now, done: false))
            try await context.save()
        default:
            let title = "seed \(index / 5)"
            try await context.delete(model: Task.self, where: #Predicate { $0.title == title })
        }
    }

    /// The most a 10 ms sleep overran, until cancelled.
    private static func worstLateness() async -> Duration {
        var worst = Duration.zero
        var last = ContinuousClock.now
        while !_Concurrency.Task.isCancelled {
            try? await _Concurrency.Task.sleep(for: .milliseconds(10))
            let now = ContinuousClock.now
            worst = max(worst, now - last - .milliseconds(10))
            last = now
        }
        return worst
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}

@ModelActor
actor StallCaller {
    /// Call `index` of the mix, synchronously, on the actor's own queue.
    func call(_ index: Int) throws {
        try PoolStallBenchmark.callSynchronously(index, in: modelContext)
    }
}

extension StrataDatabase {
    /// Ten rows, so the table exists and a count has something to count.
    func seed() throws {
        let context = ModelContext(container)
        for index in 0..<10 { context.insert(Task(title: "seed \(index)", priority: index % 6, score: 0, due: .now, done: false)) }
        try context.save()
    }
}
