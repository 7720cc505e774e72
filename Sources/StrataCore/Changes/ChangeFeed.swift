import Synchronization

/// A container's fan-out of committed changes to its subscribers: contexts merging other
/// contexts' saves, live queries, ``ModelContainer/changes()`` streams. Handlers run on the
/// publishing thread and must only hand the change on (to an inbox, a stream).
final class ChangeFeed: Sendable {
    typealias Handler = @Sendable (ModelChanges) -> Void

    /// Contexts' inboxes apart from the subscribers that watch the store (streams, live
    /// queries), so a publish reaches inboxes first without sorting the handlers each time.
    private struct Subscribers {
        var inboxes: [Int: Handler] = [:]
        var watchers: [Int: Handler] = [:]
        var nextKey = 0
    }

    private let subscribers = Mutex(Subscribers())
    /// Called, outside the lock, when the first subscriber that needs other processes' commits
    /// arrives or the last one leaves; it reads ``wantsStoreWatching`` (calls may overtake
    /// each other, so it must not rely on the order).
    private let onWatchingChange: @Sendable () -> Void

    init(onWatchingChange: @escaping @Sendable () -> Void = {}) {
        self.onWatchingChange = onWatchingChange
    }

    /// Whether a subscriber wants other processes' commits now.
    var wantsStoreWatching: Bool { subscribers.withLock { !$0.watchers.isEmpty } }

    /// Adds a handler; `watchesStore` subscribers also want other processes' commits, which the
    /// container watches for only while at least one such subscriber is there.
    /// - Returns: the key ``unsubscribe(_:)`` takes.
    func subscribe(watchesStore: Bool, _ handler: @escaping Handler) -> Int {
        let (key, first) = subscribers.withLock { subscribers in
            defer { subscribers.nextKey += 1 }
            if watchesStore {
                subscribers.watchers[subscribers.nextKey] = handler
            } else {
                subscribers.inboxes[subscribers.nextKey] = handler
            }
            return (subscribers.nextKey, watchesStore && subscribers.watchers.count == 1)
        }
        if first { onWatchingChange() }
        return key
    }

    func unsubscribe(_ key: Int) {
        let last = subscribers.withLock { subscribers in
            if subscribers.inboxes.removeValue(forKey: key) != nil { return false }
            return subscribers.watchers.removeValue(forKey: key) != nil && subscribers.watchers.isEmpty
        }
        if last { onWatchingChange() }
    }

    /// How many handlers are subscribed (for tests: a cancelled live query leaves none behind).
    var subscriberCount: Int { subscribers.withLock { $0.inboxes.count + $0.watchers.count } }

    /// Hands `change` to every handler: contexts' inboxes first, so whoever a stream or live
    /// query wakes finds the change already waiting in every context it reads through.
    func publish(_ change: ModelChanges) {
        let (inboxes, watchers) = subscribers.withLock { (Array($0.inboxes.values), Array($0.watchers.values)) }
        for handler in inboxes { handler(change) }
        for handler in watchers { handler(change) }
    }
}
