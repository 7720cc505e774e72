import Synchronization

/// A container's fan-out of committed changes to its subscribers: contexts merging other
/// contexts' saves, live queries, ``ModelContainer/changes()`` streams. Handlers run on the
/// publishing thread and must only hand the change on (to an inbox, a stream).
final class ChangeFeed: Sendable {
    typealias Handler = @Sendable (ModelChanges) -> Void

    private struct Subscribers {
        var handlers: [Int: (handler: Handler, watchesStore: Bool)] = [:]
        var nextKey = 0
        var watching: Int { handlers.values.count { $0.watchesStore } }
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
    var wantsStoreWatching: Bool { subscribers.withLock { $0.watching > 0 } }

    /// Adds a handler; `watchesStore` subscribers also want other processes' commits, which the
    /// container watches for only while at least one such subscriber is there.
    /// - Returns: the key ``unsubscribe(_:)`` takes.
    func subscribe(watchesStore: Bool, _ handler: @escaping Handler) -> Int {
        let (key, first) = subscribers.withLock { subscribers in
            defer { subscribers.nextKey += 1 }
            subscribers.handlers[subscribers.nextKey] = (handler, watchesStore)
            return (subscribers.nextKey, watchesStore && subscribers.watching == 1)
        }
        if first { onWatchingChange() }
        return key
    }

    func unsubscribe(_ key: Int) {
        let last = subscribers.withLock { subscribers in
            guard let removed = subscribers.handlers.removeValue(forKey: key) else { return false }
            return removed.watchesStore && subscribers.watching == 0
        }
        if last { onWatchingChange() }
    }

    /// How many handlers are subscribed (for tests: a cancelled live query leaves none behind).
    var subscriberCount: Int { subscribers.withLock { $0.handlers.count } }

    /// Hands `change` to every handler: contexts' inboxes first, so whoever a stream or live
    /// query wakes finds the change already waiting in every context it reads through.
    func publish(_ change: ModelChanges) {
        let (inboxes, others) = subscribers.withLock { subscribers in
            (subscribers.handlers.values.filter { !$0.watchesStore }.map(\.handler), subscribers.handlers.values.filter(\.watchesStore).map(\.handler))
        }
        for handler in inboxes + others { handler(change) }
    }
}
