import Foundation
import StrataCore

/// What `.externalChanges` promises: a store's observation hears commits made through another
/// container on the same data, and a cancelled one hears nothing more.
enum ExternalChangeCases {
    static let all: [ConformanceCase] = [anotherContainersSaveSignals]

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
