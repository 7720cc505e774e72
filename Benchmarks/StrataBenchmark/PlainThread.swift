import Foundation

/// Runs `body` on a thread of its own and waits for it. The benchmark's top level runs in a task
/// (on the main actor), where PostgreSQL's synchronous calls hand each statement to a worker
/// thread and wait (docs/postgresql.md, rule 13); from a plain thread they run in place, the path
/// the workloads' targets were set for.
func onPlainThread(_ body: @escaping @Sendable () throws -> Void) throws {
    nonisolated(unsafe) var failure: (any Error)?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        do { try body() } catch { failure = error }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
    if let failure { throw failure }
}
