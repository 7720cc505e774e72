import Dispatch
import Foundation
import Logging
import Synchronization

/// Brings other processes' (and other containers') commits into a container's change feed,
/// while a subscriber wants them: the store signals a commit (``ExternalCommitObserving``), and
/// the watcher reads the history recorded since the last transaction it saw, skipping its own
/// container's (which its contexts published already). Without history, a signal publishes
/// ``ModelChanges/everything(token:isExternal:)``.
final class ExternalChangeRelay: Sendable {
    private struct State {
        var observation: (any ExternalCommitObservation)?
        var lastToken: Int64?
    }

    private let store: any ExternalCommitObserving
    private let origin: UUID
    private let logger: Logger
    private let state = Mutex(State())
    /// Set while a drain is queued: a burst of signals costs one read of the history.
    private let drainQueued = Atomic(false)
    private let queue = DispatchQueue(label: "strata.external-changes")
    private weak let feed: ChangeFeed?

    init(store: any ExternalCommitObserving, origin: UUID, feed: ChangeFeed, logger: Logger) {
        self.store = store
        self.origin = origin
        self.feed = feed
        self.logger = logger
    }

    /// Starts or stops watching to match what the feed's subscribers want.
    func reconcile() {
        let wanted = feed?.wantsStoreWatching ?? false
        let stopped: (any ExternalCommitObservation)? = state.withLock { state in
            if wanted && state.observation == nil {
                do {
                    state.lastToken = try (store as? any HistoryRecording)?.latestHistoryToken()
                    state.observation = try store.observeExternalCommits { [weak self] in self?.signal() }
                } catch {
                    logger.warning("strata: other processes' changes cannot be watched: \(error)")
                }
                return nil
            }
            guard !wanted, let observation = state.observation else { return nil }
            state.observation = nil
            return observation
        }
        stopped?.cancel()
    }

    /// Stops watching for good (the container is going away).
    func stop() {
        state.withLock { $0.observation.take() }?.cancel()
    }

    private func signal() {
        guard !drainQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [weak self] in
            guard let self else { return }
            drainQueued.store(false, ordering: .releasing)
            drain()
        }
    }

    /// Publishes what was committed since the last transaction seen.
    private func drain() {
        guard let feed else { return }
        guard let history = store as? any HistoryRecording else {
            feed.publish(.everything(isExternal: true))
            return
        }
        let after = state.withLock { $0.lastToken }
        let records: [HistoryRecord]
        do { records = try history.historyRecords(after: after) } catch {
            logger.warning("strata: reading the history after a commit by another process failed: \(error)")
            feed.publish(.everything(isExternal: true))
            return
        }
        guard let last = records.last else {
            // Nothing new: an earlier read covered the commit signalled (signals may be spurious,
            // and one arriving during a read queues another), unless the store records no
            // history at all, when a signal is all there is to know.
            if after == nil, (try? history.latestHistoryToken()) == nil { feed.publish(.everything(isExternal: true)) }
            return
        }
        state.withLock { $0.lastToken = max($0.lastToken ?? last.token, last.token) }
        for record in records {
            let token = DefaultHistoryToken(storeIdentifier: store.identifier, tokenValue: record.token)
            guard let payload = HistoryPayload.decode(record) else {
                feed.publish(.everything(token: token, isExternal: true))
                continue
            }
            if payload.origin != origin { feed.publish(payload.changes(token: token)) }
        }
    }
}
