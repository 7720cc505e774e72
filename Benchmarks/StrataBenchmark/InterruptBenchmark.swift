// `--interrupts --postgres URL`: how long PostgreSQL calls take to let go when they should
// (issue 28, docs/server.md "Bounded waits" and "Cancellation"):
//   1. sixteen `async` context calls (fetches and saves) wait on a table locked for 3 s; their
//      tasks are cancelled 0.5 s in: the time from cancel to return, and what they wrote;
//   2. four `fetchCount` calls run on backends stopped with SIGSTOP (as root), with
//      `statement_timeout=2000`, resumed after 20 s: how long each waited, and how it ended.
// Public API only, so the same file measures a build from before the change.
import Foundation
import Strata
import StrataAsync
import StrataPostgres

enum InterruptBenchmark {
    static func run(url: String) async throws {
        let namespaces = try BenchmarkNamespaces(url: url)
        defer { namespaces.dropAll() }
        try await cancellation(url: url, namespace: namespaces.make("cancel"), settings: namespaces.settings)
        try await stoppedBackends(url: url, namespace: namespaces.make("stopped"), settings: namespaces.settings)
    }

    private static func cancellation(url: String, namespace: String, settings: PostgresConnectionSettings) async throws {
        let database = try StrataDatabase(postgres: url, namespace: namespace, poolSize: 4)
        try database.seed()
        let locker = try RawPostgres(conninfo: settings.conninfo, namespace: namespace)
        try locker.exec("BEGIN")
        try locker.exec("LOCK TABLE \"\(namespace)\".\"Task\" IN ACCESS EXCLUSIVE MODE")
        nonisolated(unsafe) let unlocking = locker
        let unlock = Thread {
            Thread.sleep(forTimeInterval: 3.5)
            _ = try? unlocking.exec("COMMIT")
        }
        unlock.start()
        let container = database.container
        let calls = (0..<16).map { index in
            _Concurrency.Task { () -> (ContinuousClock.Instant, (any Error)?) in
                let context = ModelContext(container)
                do {
                    if index.isMultiple(of: 2) {
                        _ = try await context.fetch(FetchDescriptor<Task>())
                    } else {
                        context.insert(Task(title: "cancelled \(index)", priority: 1, score: 1, due: .now, done: false))
                        try await context.save()
                    }
                    return (.now, nil)
                } catch {
                    return (.now, error)
                }
            }
        }
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        let cancelledAt = ContinuousClock.now
        for call in calls { call.cancel() }
        var latencies: [Duration] = []
        var outcomes: [String: Int] = [:]
        for call in calls {
            let (returnedAt, error) = await call.value
            latencies.append(returnedAt - cancelledAt)
            outcomes[error.map { $0 is CancellationError ? "CancellationError" : "\(type(of: $0))" } ?? "completed", default: 0] += 1
        }
        while unlock.isExecuting { try await _Concurrency.Task.sleep(for: .milliseconds(50)) }
        let rows = try await ModelContext(container).fetchCount(FetchDescriptor<Task>())
        latencies.sort()
        print("16 async calls waiting on a lock held 3.5 s, cancelled 0.5 s in (pool of 4):")
        print("  cancel → return: median \(milliseconds(latencies[latencies.count / 2])) ms, worst \(milliseconds(latencies.last!)) ms")
        print("  outcomes: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); rows written by the 8 saves: \(rows - 10)")
    }

    private static func stoppedBackends(url: String, namespace: String, settings: PostgresConnectionSettings) async throws {
        let separator = url.contains("?") ? "&" : "?"
        let database = try StrataDatabase(postgres: url + separator + "statement_timeout=2000", namespace: namespace, poolSize: 4)
        try database.seed()
        let container = database.container
        // Four calls at once while the table is locked open four connections.
        let locker = try RawPostgres(conninfo: settings.conninfo, namespace: namespace)
        try locker.exec("BEGIN")
        try locker.exec("LOCK TABLE \"\(namespace)\".\"Task\" IN ACCESS EXCLUSIVE MODE")
        let warming = (0..<4).map { _ in _Concurrency.Task { try await ModelContext(container).fetchCount(FetchDescriptor<Task>()) } }
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        try locker.exec("COMMIT")
        for call in warming { _ = try await call.value }
        let pids = try locker.exec(
            "SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid() AND state = 'idle'"
        )?.split(separator: ",").compactMap { Int32($0) } ?? []
        for pid in pids { kill(pid, SIGSTOP) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { for pid in pids { kill(pid, SIGCONT) } }
        let started = ContinuousClock.now
        let calls = (0..<4).map { _ in
            _Concurrency.Task { () -> (Duration, String) in
                do {
                    _ = try await ModelContext(container).fetchCount(FetchDescriptor<Task>())
                    return (ContinuousClock.now - started, "answered")
                } catch let error as PostgresError {
                    return (ContinuousClock.now - started, "PostgresError.\(error.kind)")
                } catch {
                    return (ContinuousClock.now - started, "\(error)")
                }
            }
        }
        print("4 fetchCount calls on \(pids.count) backends stopped with SIGSTOP (statement_timeout=2000, resumed after 20 s):")
        for call in calls {
            let (waited, outcome) = await call.value
            print("  waited \(milliseconds(waited)) ms: \(outcome)")
        }
        for pid in pids { kill(pid, SIGCONT) }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.0f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}
