import Foundation

/// Watches an ``ExternalCommitSource`` on a dedicated thread (never Swift's cooperative pool)
/// and calls `onCommit` each time it reports commits, until cancelled or released.
///
/// ```swift
/// public func observeExternalCommits(_ onCommit: @escaping @Sendable () -> Void) throws -> any ExternalCommitObservation {
///     ExternalCommitWatcher(name: "mystore.commits", source: try MyCommitSource(…), onCommit: onCommit)
/// }
/// ```
public final class ExternalCommitWatcher: ExternalCommitObservation {
    private let loop: Loop

    /// Starts a thread named `name` that calls `onCommit` whenever `source` reports commits.
    public init(name: String, source: some ExternalCommitSource, onCommit: @escaping @Sendable () -> Void) {
        loop = Loop(source: source, onCommit: onCommit)
        let thread = Thread { [loop] in loop.run() }
        thread.name = name
        thread.start()
    }

    /// Releasing the watcher cancels it, so a forgotten observation does not keep a thread.
    deinit { loop.cancel() }

    /// Stops the thread and closes the source; once this returns, `onCommit` does not run again.
    /// Called from inside `onCommit`, it returns at once and the thread stops after that call.
    public func cancel() { loop.cancel() }

    /// The state the thread and ``cancel()`` share, under one condition lock.
    private final class Loop: @unchecked Sendable {
        private let source: any ExternalCommitSource
        private let onCommit: @Sendable () -> Void
        private let condition = NSCondition()
        private var cancelled = false
        private var running = true
        private var thread: pthread_t?

        init(source: any ExternalCommitSource, onCommit: @escaping @Sendable () -> Void) {
            self.source = source
            self.onCommit = onCommit
        }

        func run() {
            condition.withLock { thread = pthread_self() }
            while !isCancelled {
                guard source.waitForCommits() else { continue }
                // Delivered under no lock (onCommit may cancel); `cancel` waits for `running` to drop.
                if !isCancelled { onCommit() }
            }
            source.close()
            condition.withLock {
                running = false
                condition.broadcast()
            }
        }

        private var isCancelled: Bool { condition.withLock { cancelled } }

        /// Raises the flag, then waits for the thread to finish unless this is the thread.
        func cancel() {
            condition.lock()
            defer { condition.unlock() }
            cancelled = true
            if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
            while running { condition.wait() }
        }
    }
}
