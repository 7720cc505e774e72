/// The models of one partial fetch (``FetchDescriptor/propertiesToFetch``) still lacking
/// attributes the fetch left out; the first read or change of one loads them for all, with
/// one store call.
final class UnfetchedBatch {
    /// The slots of the attributes the fetch left out.
    let slots: [Int]
    /// The models tracked with this batch, until it loads (some may have been loaded, deleted
    /// or tracked with a later batch since).
    var identifiers: [PersistentIdentifier] = []

    /// The batch of a fetch that leaves attributes of `entity` out; `nil` when it loads them all.
    init?<T>(leftOutBy descriptor: FetchDescriptor<T>, entity: Schema.Entity) {
        guard let fetched = descriptor.fetchedAttributeNames(of: entity) else { return nil }
        let layout = entity.layout.snapshotLayout
        slots = entity.storedAttributes.filter { !fetched.contains($0.name) }.compactMap { layout.index(of: $0.name) }
    }
}

extension ModelContext {
    /// Tracks a fetched model whose left-out attributes hold no value yet.
    func track(_ storage: AnyModelStorage, in batch: UnfetchedBatch) {
        guard batch.slots.contains(where: { storage.values[$0] == nil }) else { return }
        unfetched[storage.identifier] = batch
        batch.identifiers.append(storage.identifier)
    }

    /// Refreshes a registered model with the values of a partial fetch: what the fetch left out
    /// keeps the model's values, so a model loaded whole never loses any.
    func refresh(_ storage: AnyModelStorage, withPartial values: consuming ContiguousArray<PersistentValue?>, leftOut batch: UnfetchedBatch) {
        var merged = values
        for slot in batch.slots where merged[slot] == nil { merged[slot] = storage.values[slot] }
        storage.reload(merged)
        unfetched[storage.identifier] = nil
        track(storage, in: batch)
    }

    /// The value of slot `index`, which holds none, when a partial fetch left it out: loaded
    /// now with the rest of its batch. `nil` when the slot was not left out or the store failed
    /// (the batch then stays unloaded, the next read tries again, and the context's next save or
    /// fetch throws the store's error, as for a relationship load).
    func unfetchedValue(of storage: AnyModelStorage, at index: Int) -> PersistentValue? {
        guard !unfetched.isEmpty, let batch = unfetched[storage.identifier], batch.slots.contains(index) else { return nil }
        loadRecordingFailure(batch)
        return storage.values[index]
    }

    /// Loads what a partial fetch left out of a model before a change to it is recorded, so the
    /// undo log and the next save see its stored values.
    func loadUnfetched(of storage: AnyModelStorage) {
        guard !unfetched.isEmpty, let batch = unfetched[storage.identifier] else { return }
        loadRecordingFailure(batch)
    }

    /// Loads `batch` where nothing can throw; a failure is reported by the next save or fetch.
    private func loadRecordingFailure(_ batch: UnfetchedBatch) {
        do { try load(batch) } catch { recordFailedRead(error) }
    }

    /// Loads what partial fetches left out of models about to be saved.
    /// - Throws: the store's error; nothing is saved then.
    func loadUnfetched(of storages: [AnyModelStorage]) throws {
        guard !unfetched.isEmpty else { return }
        for storage in storages {
            if let batch = unfetched[storage.identifier] { try load(batch) }
        }
    }

    /// Loads the left-out attributes of every model still tracked with `batch`, with one store
    /// call. Only slots still without a value are filled; a model whose row is gone keeps none.
    private func load(_ batch: UnfetchedBatch) throws {
        let pending = batch.identifiers.filter { unfetched[$0] != nil }
        let found = try container.dataStore.cachedSnapshots(for: pending, editingState: editingState)
        for identifier in pending {
            guard let tracked = unfetched.removeValue(forKey: identifier), let storage = registry[identifier]?.storage else { continue }
            guard let snapshot = found[identifier] else { continue }
            let values = Self.values(of: snapshot, layout: storage.layout)
            for slot in tracked.slots where storage.values[slot] == nil && storage.object(at: slot) == nil {
                storage.values[slot] = values[slot]
            }
        }
        batch.identifiers = []
    }
}
