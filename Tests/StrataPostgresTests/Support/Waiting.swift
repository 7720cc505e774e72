import Foundation
import Synchronization

/// Polls `condition` every 20 ms until it holds, for at most `timeout`; returns whether it held.
/// For effects the store makes on its own time (an idle connection closed by a timer). The
/// default is long because a full run starves test tasks for seconds; success returns at once.
func eventually(within timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// Runs `body` on a new thread outside Swift concurrency (where the store runs work on the
/// calling thread) and returns its result.
func onPlainThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await PlainThread(body).value
}

/// Work started at once on a new thread outside Swift concurrency, whatever the cooperative
/// pool is busy with; its result can be awaited.
final class PlainThread<Value: Sendable>: Sendable {
    private let state = Mutex<(result: Result<Value, any Error>?, waiter: CheckedContinuation<Value, any Error>?)>((nil, nil))

    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try body() }
            let waiter = state.withLock { state in
                state.result = result
                return state.waiter
            }
            waiter?.resume(with: result)
        }
    }

    /// The result, once the thread has finished.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}

/// A flag one task raises and another reads.
final class Flag: Sendable {
    private let raised = Atomic(false)

    func raise() { raised.store(true, ordering: .releasing) }

    var isRaised: Bool { raised.load(ordering: .acquiring) }
}
