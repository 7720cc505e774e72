/// What an ``ExternalCommitWatcher`` asks, over and over on its own thread, to learn whether
/// another connection or process committed: a store polls a counter or waits for a
/// notification here. A backend's conformance to ``ExternalCommitObserving`` can be a source
/// and a watcher, with no thread handling of its own.
///
/// Used only on the watcher's thread, one call at a time, so a source may hold a connection
/// that is not thread-safe.
public protocol ExternalCommitSource: AnyObject, Sendable {
    /// Waits a short while (tens of milliseconds at most, so cancelling is prompt) and returns
    /// whether commits happened since the last call. A source that cannot tell, say because its
    /// connection dropped, returns `true` once it can watch again: a spurious signal is harmless,
    /// a missed one is not.
    func waitForCommits() -> Bool

    /// Releases what the source holds (its connection); called once, on the watcher's thread,
    /// after the last ``waitForCommits()``.
    func close()
}
