import Foundation
import StrataCore
import Synchronization

/// Fault injection until success: a scenario runs on a fresh store once per store call, the
/// k-th call failing (k = 1, 2, …) until a run makes no k-th call. After each injected failure
/// the store is as it was before the failing step, and the same context retries the step and
/// goes on to the scenario's expected end.
extension AtomicityCases {
    static let everyCallCases: [ConformanceCase] = [
        faultEveryCall("graph", graphScenario),
        faultEveryCall("batchDelete", batchDeleteScenario, requires: [.batchDelete]),
    ]

    /// Fails the `failing`-th store call made while armed, and remembers which operation that was.
    final class CallFault: Sendable {
        struct State {
            var armed = false
            var calls = 0
            var injected: Interceptor.Operation?
        }

        let failing: Int
        private let state = Mutex(State())

        init(failing: Int) {
            self.failing = failing
        }

        /// An interceptor that counts, and may fail, the calls made while armed; others pass uncounted.
        var interceptor: Interceptor {
            Interceptor { call in
                let fail = self.state.withLock { state in
                    guard state.armed else { return false }
                    state.calls += 1
                    guard state.calls == self.failing else { return false }
                    state.injected = call.operation
                    return true
                }
                if fail { throw InjectedFault() }
            }
        }

        /// Runs `body` with counting on: what the scenario does counts, what the case reads to check it does not.
        func armed(_ body: () throws -> Void) throws {
            state.withLock { $0.armed = true }
            defer { state.withLock { $0.armed = false } }
            try body()
        }

        var calls: Int { state.withLock { $0.calls } }
        var injected: Interceptor.Operation? { state.withLock { $0.injected } }
    }

    /// One step of a scenario: context work that makes at most one change to the store and can
    /// be run again after it failed (its models are made once per run, outside the step).
    struct Step {
        let name: String
        let run: (ModelContext) throws -> Void
        /// The store after the step, as ``Scenario/describe`` lists it.
        let expected: [String]
    }

    /// A multi-step scenario over `types`.
    struct Scenario: Sendable {
        let types: [any PersistentModel.Type]
        /// The steps, with fresh models, for one run.
        let steps: @Sendable () -> [Step]
        /// The whole store as sorted lines, read through `context`.
        let describe: @Sendable (ModelContext) throws -> [String]
    }

    /// `body`, with the failure's message prefixed by `label`.
    static func labelled(_ label: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as ConformanceFailure {
            throw ConformanceFailure(message: "\(label): \(failure.message)", expected: failure.expected, actual: failure.actual)
        }
    }

    /// Runs `scenario` once on a fresh store, failing its `failing`-th store call; returns how
    /// many calls the run made and whether one was failed.
    static func run(_ scenario: Scenario, failing: Int, label: String, in environment: ConformanceEnvironment) throws -> (calls: Int, injected: Bool) {
        let fault = CallFault(failing: failing)
        let container = try environment.makeContainer(intercepting: fault.interceptor, for: scenario.types)
        let context = ModelContext(container)
        var before = try scenario.describe(ModelContext(container))
        var transactionsBefore = try transactionCount(container)
        let steps = scenario.steps()
        for step in steps {
            let injectedBefore = fault.injected != nil
            var reported = false
            do {
                try labelled("\(label), step \(step.name)") { try fault.armed { try step.run(context) } }
            } catch let failure as ConformanceFailure {
                throw failure
            } catch let error where !(error is InjectedFault) || injectedBefore || fault.injected == nil {
                throw ConformanceFailure(message: "\(label), step \(step.name): the step failed", expected: "success", actual: "\(error)")
            } catch {
                reported = true
                let what = "\(label) (\(fault.injected.map { "\($0)" } ?? "?")), step \(step.name)"
                try Check.equal(try scenario.describe(ModelContext(container)), before, "\(what): the store after the failure is as before the step")
                try Check.equal(try transactionCount(container), transactionsBefore, "\(what): the failure recorded no history")
                do {
                    try labelled("\(what), retried") { try fault.armed { try step.run(context) } }
                } catch let failure as ConformanceFailure {
                    throw failure
                } catch {
                    throw ConformanceFailure(message: "\(what): retrying the step in the same context failed", expected: "success", actual: "\(error)")
                }
            }
            let unreported = !injectedBefore && !reported && fault.injected != nil ? " (the fault on \(fault.injected.map { "\($0)" } ?? "?") was not reported)" : ""
            let after = try scenario.describe(ModelContext(container))
            try Check.equal(after, step.expected, "\(label): the store after step \(step.name)\(unreported)")
            before = after
            let transactionsAfter = try transactionCount(container)
            if let previous = transactionsBefore, let now = transactionsAfter {
                try Check.that(now == previous || now == previous + 1, "\(label): step \(step.name) recorded at most one history transaction (\(previous) → \(now))")
            }
            transactionsBefore = transactionsAfter
        }
        try Check.equal(try scenario.describe(context), steps.last?.expected ?? [], "\(label): the scenario's context at the end")
        return (fault.calls, fault.injected != nil)
    }

    /// How many history transactions the store holds; `nil` when it keeps no history.
    static func transactionCount(_ container: ModelContainer) throws -> Int? {
        guard container.dataStore is any HistoryRecording else { return nil }
        return try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).count
    }

    /// Runs `scenario` without faults to count its store calls N, then once per k = 1, 2, …
    /// failing call k, until a run completes with no injected fault (k = N + 1 when the runs
    /// are alike); more than 2N + 10 runs fail the case.
    static func faultEveryCall(_ name: String, _ scenario: Scenario, requires: Set<BackendCapabilities.Feature> = []) -> ConformanceCase {
        ConformanceCase("atomicity.faultEveryCall.\(name)", category: "atomicity", requires: requires) { environment in
            let clean = try run(scenario, failing: 0, label: "the run without faults", in: environment)
            try Check.that(clean.calls > 0, "the scenario makes store calls")
            let ceiling = 2 * clean.calls + 10
            var failing = 1
            while try run(scenario, failing: failing, label: "fault on call \(failing) of \(clean.calls)", in: environment).injected {
                failing += 1
                guard failing <= ceiling else {
                    throw ConformanceFailure(message: "k reached \(failing) and every run still met an injected fault; the fault-free run makes \(clean.calls) calls")
                }
            }
            try Check.that(failing > clean.calls, "k reached \(failing): a run failing call \(failing) of \(clean.calls) made fewer calls than the fault-free run")
        }
    }
}
