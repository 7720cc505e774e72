extension ModelContext {
    /// Takes in what other contexts (and, while watched, other processes) committed since this
    /// context last looked: registered models without unsaved changes get the stored values,
    /// models deleted elsewhere leave the context. Runs by itself before a fetch or save and
    /// when a registered model's property is read; call it to merge at a moment of your choice.
    /// A model with unsaved changes keeps them (its next save writes them over the other's, or
    /// throws ``SwiftDataError/modelNotFound`` when the other deleted it).
    /// A store read that fails is thrown by the next fetch or save.
    public func mergeCommittedChanges() {
        guard inbox.isPending, let merge = startMerge() else { return }
        do {
            try reload(merge, from: container.dataStore)
        } catch {
            recordFailedRead(error)
        }
    }

    /// The form of ``mergeCommittedChanges()`` the `async` methods use: the store read suspends.
    nonisolated(nonsending) func mergeCommittedChanges() async {
        guard inbox.isPending, let merge = startMerge() else { return }
        do {
            try await reload(merge, from: container.dataStore)
        } catch {
            recordFailedRead(error)
        }
    }

    /// The registered models a merge reloads (`stale`) and those it drops (`gone`).
    struct Merge {
        var stale: [PersistentIdentifier]
        var gone: Set<PersistentIdentifier>
    }

    /// Empties the inbox into a merge; `nil` when nothing registered is concerned.
    private func startMerge() -> Merge? {
        let waiting = inbox.take()
        let stale = waiting.everything
            ? registry.models.map(\.storage).filter(\.isMergeable).map(\.identifier)
            : waiting.updated.filter { registry[$0].map { $0.storage.isMergeable } ?? false }
        // A model with unsaved changes stays, deleted or not: its save reports the conflict
        // (``SwiftDataError/modelNotFound`` for a deleted row).
        let merge = Merge(stale: stale, gone: waiting.deleted.filter { registry[$0].map { $0.storage.isMergeable } ?? false })
        return merge.stale.isEmpty && merge.gone.isEmpty ? nil : merge
    }

    private func reload<Store: DataStore>(_ merge: Merge, from store: Store) throws {
        finish(merge, stored: try store.cachedSnapshots(for: merge.stale, editingState: editingState))
    }

    nonisolated(nonsending) private func reload<Store: DataStore>(_ merge: Merge, from store: Store) async throws {
        finish(merge, stored: try await store.cachedSnapshots(for: merge.stale, editingState: editingState))
    }

    /// Reloads the stale models from `stored` (those missing there were deleted) and drops the gone ones.
    private func finish<Snapshot: DataStoreSnapshot>(_ merge: Merge, stored: [PersistentIdentifier: Snapshot]) {
        var gone = merge.gone
        for identifier in merge.stale {
            guard let storage = registry[identifier]?.storage else { continue }
            guard let snapshot = stored[identifier] else {
                gone.insert(identifier)
                continue
            }
            storage.reload(Self.values(of: snapshot, layout: storage.layout))
        }
        forgetDeleted(Array(gone))
    }

    /// Subscribes the context to its container's feed: other contexts' saves wait in ``inbox``.
    func subscribeToCommittedChanges() -> Int {
        let inbox = inbox, me = editingState.id
        return container.changeFeed.subscribe(watchesStore: false) { change in
            if change.savingContext != me { inbox.add(change) }
        }
    }
}

extension AnyModelStorage {
    /// Whether a merge may replace the values: the model has no unsaved change.
    var isMergeable: Bool { !isInserted && !isChanged && !isDeleted }
}
