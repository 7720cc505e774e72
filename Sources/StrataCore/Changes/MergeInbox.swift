import Synchronization

/// Other contexts' committed changes waiting for a context to take them in: the feed's thread
/// adds, the context's own isolation takes (``ModelContext/mergeCommittedChanges()``). The flag
/// lets a property read check for waiting changes with one atomic load.
final class MergeInbox: Sendable {
    struct Waiting {
        var updated: Set<PersistentIdentifier> = []
        var deleted: Set<PersistentIdentifier> = []
        /// Every registered model may be stale: reload them all.
        var everything = false
    }

    /// Past this many waiting identifiers the inbox stops listing them and reloads everything:
    /// a context that sleeps through a bulk update must not hold a copy of it.
    static let listLimit = 10_000
    private let waiting = Mutex(Waiting())
    private let hasWaiting = Atomic(false)

    /// Whether changes are waiting.
    var isPending: Bool { hasWaiting.load(ordering: .relaxed) }

    func add(_ change: ModelChanges) {
        guard change.invalidatesAll || !change.updated.isEmpty || !change.deleted.isEmpty else { return }
        waiting.withLock { waiting in
            if change.invalidatesAll || waiting.updated.count + waiting.deleted.count + change.updated.count + change.deleted.count > Self.listLimit {
                waiting = Waiting(everything: true)
            } else if !waiting.everything {
                waiting.updated.formUnion(change.updated)
                waiting.deleted.formUnion(change.deleted)
            }
        }
        hasWaiting.store(true, ordering: .releasing)
    }

    /// The waiting changes, leaving the inbox empty.
    func take() -> Waiting {
        hasWaiting.store(false, ordering: .releasing)
        return waiting.withLock { waiting in
            defer { waiting = Waiting() }
            return waiting
        }
    }
}
