// Strata only: many tasks, each with its own ModelActor (so its own ModelContext) on one
// container, doing a mix of point reads by identifier and one-row saves.
import Dispatch
import Foundation
import Strata

/// One operation of the mix.
enum ConcurrentOperation: Int, CaseIterable, Sendable {
    /// `model(for:)` of a random existing row, every property read.
    case read
    /// One new row, saved.
    case insert
    /// A new score on a random existing row, saved (the row is loaded first when not registered).
    case update

    var name: String { ["point read", "insert + save", "update + save"][rawValue] }
}

/// One planned step: the operation, the row it targets (an index into the identifiers), a value.
struct ConcurrentStep: Sendable {
    var operation: ConcurrentOperation
    var row: Int
    var value: Double
}

/// A task's worker: an actor with its own context, running on its own serial queue.
@ModelActor
actor ConcurrentWorker {
    /// Runs one step; returns whether a read found its model already registered in the context
    /// (no store round trip).
    func perform(_ step: ConcurrentStep, identifier: PersistentIdentifier) throws -> Bool {
        switch step.operation {
        case .read:
            let registered = (modelContext.registeredModel(for: identifier) as Task?) != nil
            guard let task = modelContext.model(for: identifier) as? Task else { throw RawError(description: "no model for \(identifier)") }
            consume(touch(task))
            return registered
        case .insert:
            modelContext.insert(Task(title: "concurrent \(step.row)", priority: step.row % 6, score: step.value, due: .now, done: false))
            try modelContext.save()
        case .update:
            guard let task = modelContext.model(for: identifier) as? Task else { throw RawError(description: "no model for \(identifier)") }
            task.score = step.value
            try modelContext.save()
        }
        return false
    }
}

/// What a concurrent run measured.
struct ConcurrentResult {
    var tasks: Int
    var operations: Int
    var seconds: Double
    /// Per operation kind, every latency in seconds, sorted.
    var latencies: [ConcurrentOperation: [Double]]
    /// Reads served from the context's registry.
    var registeredReads: Int

    var all: [Double] { latencies.values.flatMap { $0 }.sorted() }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}

enum ConcurrentWorkload {
    /// Percentages of the mix: reads, inserts, then updates for the rest.
    static let readPercent = 80, insertPercent = 10

    /// The steps of task `index`: deterministic, rows drawn uniformly from `rows`.
    static func plan(task index: Int, operations: Int, rows: Int) -> [ConcurrentStep] {
        var rng = SplitMix64(seed: 1_000 + UInt64(index))
        return (0..<operations).map { _ in
            let draw = Int(rng.next() % 100)
            let operation: ConcurrentOperation = draw < readPercent ? .read : draw < readPercent + insertPercent ? .insert : .update
            return ConcurrentStep(operation: operation, row: Int(rng.next() % UInt64(rows)), value: Double(rng.next() % 1_000_000) / 1000)
        }
    }

    /// Runs `tasks` tasks of `operations` steps each (after `warmup` untimed steps each, on the
    /// same workers), every task with its own `ModelActor` on `container`; blocks the calling
    /// thread until all finish.
    static func run(container: ModelContainer, identifiers: [PersistentIdentifier], tasks: Int, operations: Int, warmup: Int) throws -> ConcurrentResult {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        _Concurrency.Task.detached {
            do {
                box.result = .success(try await runAsync(container: container, identifiers: identifiers, tasks: tasks, operations: operations, warmup: warmup))
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    private static func runAsync(container: ModelContainer, identifiers: [PersistentIdentifier], tasks: Int, operations: Int, warmup: Int) async throws -> ConcurrentResult {
        let workers = (0..<tasks).map { _ in ConcurrentWorker(modelContainer: container) }
        let warmupPlans = (0..<tasks).map { plan(task: tasks + $0, operations: warmup, rows: identifiers.count) }
        _ = try await phase(workers: workers, plans: warmupPlans, identifiers: identifiers)
        let plans = (0..<tasks).map { plan(task: $0, operations: operations, rows: identifiers.count) }
        let clock = ContinuousClock()
        let start = clock.now
        let samples = try await phase(workers: workers, plans: plans, identifiers: identifiers)
        let seconds = Measure.seconds(clock.now - start)
        var latencies: [ConcurrentOperation: [Double]] = [:]
        var registeredReads = 0
        for sample in samples {
            latencies[sample.operation, default: []].append(sample.seconds)
            if sample.registered { registeredReads += 1 }
        }
        for key in latencies.keys { latencies[key]!.sort() }
        return ConcurrentResult(tasks: tasks, operations: samples.count, seconds: seconds, latencies: latencies, registeredReads: registeredReads)
    }

    private struct Sample: Sendable {
        var operation: ConcurrentOperation
        var seconds: Double
        var registered: Bool
    }

    /// One task per worker, each awaiting its steps one after another; every step timed
    /// around the `await` (queueing on the actor and in the store's pool included).
    private static func phase(workers: [ConcurrentWorker], plans: [[ConcurrentStep]], identifiers: [PersistentIdentifier]) async throws -> [Sample] {
        try await withThrowingTaskGroup(of: [Sample].self) { group in
            for (worker, plan) in zip(workers, plans) {
                group.addTask {
                    let clock = ContinuousClock()
                    var samples: [Sample] = []
                    samples.reserveCapacity(plan.count)
                    for step in plan {
                        let start = clock.now
                        let registered = try await worker.perform(step, identifier: identifiers[step.row])
                        samples.append(Sample(operation: step.operation, seconds: Measure.seconds(clock.now - start), registered: registered))
                    }
                    return samples
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// Hands the result from the detached task to the blocked caller (the semaphore orders access).
    private final class Box: @unchecked Sendable {
        var result: Result<ConcurrentResult, any Error>?
    }

    /// Prints throughput and latency percentiles, overall and per operation.
    static func print(_ result: ConcurrentResult, poolSize: Int) {
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        let widths = [24, 10, 12, 11, 11, 11]
        func line(_ cells: [String]) {
            Swift.print(zip(cells, widths).enumerated().map { Report.pad($1.0, $1.1, right: $0 > 0) }.joined(separator: " "))
        }
        Swift.print("Concurrent (Strata only): \(result.tasks) tasks, each its own @ModelActor context on one container (pool of \(poolSize) connections); mix \(readPercent)% point reads, \(insertPercent)% insert+save, \(100 - readPercent - insertPercent)% update+save")
        Swift.print(String(format: "  %d operations in %.3f s: %@ (%d of %d reads found the model already registered)",
            result.operations, result.seconds, Report.rate(Double(result.operations) / result.seconds),
            result.registeredReads, result.latencies[.read]?.count ?? 0))
        line(["operation", "count", "ops/s", "p50", "p99", "max"])
        Swift.print(String(repeating: "-", count: widths.reduce(0, +) + widths.count - 1))
        let rows: [(String, [Double])] = [("all", result.all)] + ConcurrentOperation.allCases.map { ($0.name, result.latencies[$0] ?? []) }
        for (name, sorted) in rows {
            line([name, "\(sorted.count)", Report.rate(Double(sorted.count) / result.seconds),
                  ms(ConcurrentResult.percentile(sorted, 0.5)), ms(ConcurrentResult.percentile(sorted, 0.99)), ms(sorted.last ?? .nan)])
        }
    }
}
