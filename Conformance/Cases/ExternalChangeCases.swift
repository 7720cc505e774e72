import Foundation
import StrataCore

/// What `.externalChanges` promises: a store's observation hears commits made through another
/// container on the same data, and a cancelled one hears nothing more.
enum ExternalChangeCases {
    static let all: [ConformanceCase] = [anotherContainersSaveSignals, anotherContainersErase]

    /// How long a signal may take here: the contract is about 100 ms, and a loaded test machine
    /// must not turn scheduling delays into failures.
    static let patience = Duration.seconds(2)

    /// Another container's save reaches `onCommit`; after `cancel()` returns, saves do not.
    static let anotherContainersSaveSignals = ConformanceCase(
        "capability.externalChanges.anotherContainersSave", category: "capability", requires: [.externalChanges]
    ) { environment in
        let configuration = try environment.makeConfiguration()
        let observer = try environment.makeContainer(for: [Row.self], configuration: configuration)
        let writer = try environment.makeContainer(for: [Row.self], configuration: configuration)
        guard let store = observer.dataStore as? any ExternalCommitObserving else {
            throw ConformanceFailure(
                message: "the store declares .externalChanges but does not conform to ExternalCommitObserving",
                expected: "ExternalCommitObserving", actual: "\(type(of: observer.dataStore))")
        }
        let signals = CommitSignalRecorder()
        let observation = try store.observeExternalCommits(signals.record)
        try Fixtures.saveRows([Row(tag: "a", int: 1)], in: writer)
        try Check.that(signals.wait(forCount: 1, timeout: patience), "onCommit runs within \(patience) of another container's save")
        observation.cancel()
        let heard = signals.signals.count
        try Fixtures.saveRows([Row(tag: "b", int: 2)], in: writer)
        Thread.sleep(forTimeInterval: 0.3)
        try Check.equal(signals.signals.count, heard, "signals after cancel() returned")
    }
}

extension ExternalChangeCases {
    /// Another container's `erase()` reaches this container's change stream as "anything may
    /// have changed": the erase is recorded in the history, which is what this container reads
    /// when the store signals.
    static let anotherContainersErase = ConformanceCase(
        "capability.externalChanges.anotherContainersErase", category: "capability", requires: [.externalChanges, .history, .erase]
    ) { environment in
        let configuration = try environment.makeConfiguration()
        let observer = try environment.makeContainer(for: [Row.self], configuration: configuration)
        let writer = try environment.makeContainer(for: [Row.self], configuration: configuration)
        try Fixtures.saveRows([Row(tag: "a", int: 1)], in: writer)
        let change = try environment.awaitResult { () async throws -> ModelChanges? in
            try await withThrowingTaskGroup(of: ModelChanges?.self) { group in
                let stream = observer.changes()
                group.addTask {
                    var changes = stream.makeAsyncIterator()
                    return await changes.next()
                }
                group.addTask {
                    // Time for the stream to start watching, then the erase, then the patience.
                    try await Task.sleep(for: .milliseconds(300))
                    try writer.dataStore.erase()
                    try await Task.sleep(for: patience)
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }
        let heard = try Check.unwrap(change, "a change within \(patience) of another container's erase")
        try Check.that(heard.invalidatesAll && heard.isExternal, "an external change that invalidates everything")
    }
}
