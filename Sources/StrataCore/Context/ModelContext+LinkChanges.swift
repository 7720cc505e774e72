/// A save sends the links it changed, not the lists it loaded: for each to-many relationship of
/// an updated model, the members added and removed since the list was loaded (or last saved),
/// which the store applies to the list it holds (semantics rule 27).
extension ModelContext {
    /// The link changes of `updated`'s changed to-many relationships, by model and relationship.
    /// A relationship that is still unloaded sends what was recorded on it; a loaded one, what
    /// differs from the list it held before its first change (the undo log keeps that), or from
    /// the stored list it loaded when it changed while unloaded.
    func linkChanges(of updated: [AnyModelStorage]) -> [PersistentIdentifier: [String: LinkChanges]] {
        var result: [PersistentIdentifier: [String: LinkChanges]] = [:]
        var listsBefore: [LinkSlot: PersistentValue]?
        for storage in updated where storage.changedSlots != 0 && !storage.layout.toManyIndices.isEmpty {
            var changes: [String: LinkChanges] = [:]
            for index in storage.layout.toManyIndices where storage.hasChanged(slot: index) {
                let name = storage.layout.properties[index].name
                if let recorded = storage.unloadedChanges(at: index) {
                    changes[name] = recorded.linkChanges
                    continue
                }
                guard case .identifiers(let current)? = storage.values[index] else { continue }
                let slot = LinkSlot(storage, index)
                if listsBefore == nil { listsBefore = firstToManyValues() }
                if let loaded = loadedLists[slot] {
                    changes[name] = LinkChanges(from: loaded, to: current)
                } else if case .identifiers(let before)? = listsBefore?[slot] {
                    changes[name] = LinkChanges(from: before, to: current)
                }
            }
            if !changes.isEmpty { result[storage.identifier] = changes }
        }
        return result
    }

    /// Keeps the stored list an unloaded relationship loaded after it changed, for the save to
    /// compare with (``linkChanges(of:)``); forgotten at the next save or rollback.
    func rememberLoadedList(_ stored: [PersistentIdentifier], of storage: AnyModelStorage, at index: Int) {
        let slot = LinkSlot(storage, index)
        if loadedLists[slot] == nil { loadedLists[slot] = stored }
    }

    /// After a save that sent link changes: each such relationship is read again from the store
    /// on its next use, as it now holds other contexts' links too.
    func refaultChangedLinks(_ changes: [PersistentIdentifier: [String: LinkChanges]], of updated: [AnyModelStorage]) {
        guard !changes.isEmpty else { return }
        for storage in updated {
            guard let names = changes[storage.identifier] else { continue }
            for name in names.keys {
                if let index = storage.layout.snapshotLayout.index(of: name) { storage.makeFault(at: index) }
            }
        }
    }

    /// The value each to-many slot held before its first change since the last save, from the undo log.
    private func firstToManyValues() -> [LinkSlot: PersistentValue] {
        var first: [LinkSlot: PersistentValue] = [:]
        var seen = Set<LinkSlot>()
        for entry in undoLog where entry.storage.isToMany(at: entry.slot) {
            let slot = LinkSlot(entry.storage, entry.slot)
            guard seen.insert(slot).inserted else { continue }
            if let value = entry.value { first[slot] = value }
        }
        return first
    }
}

/// One to-many slot of one model's backing data.
struct LinkSlot: Hashable {
    let storage: ObjectIdentifier
    let index: Int

    init(_ storage: AnyModelStorage, _ index: Int) {
        self.storage = ObjectIdentifier(storage)
        self.index = index
    }
}

extension AnyModelStorage {
    /// Whether slot `index` is a to-many relationship.
    func isToMany(at index: Int) -> Bool {
        layout.isRelationship[index] && !layout.properties[index].relationshipTarget!.isToOne
    }

    /// Whether slot `index` changed since the last save.
    func hasChanged(slot index: Int) -> Bool {
        index >= 64 || changedSlots & (1 << UInt64(index)) != 0
    }

    /// Makes to-many slot `index` unloaded again: its next read loads it from the store.
    func makeFault(at index: Int) {
        values[index] = nil
        setObject(nil, at: index)
        preparedValues = nil
    }
}
