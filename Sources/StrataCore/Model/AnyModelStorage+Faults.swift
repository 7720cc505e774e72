/// Changes made to a to-many relationship that is not loaded yet (inverse maintenance: the
/// other side's to-one was set or cleared), kept until the relationship loads or the context
/// saves: the store then has them, as the other side's foreign keys. Adding is O(1), so relating
/// many new models to one parent stays linear.
struct UnloadedToManyChanges: Equatable {
    /// Models added, in order.
    private(set) var added: [PersistentIdentifier] = []
    private var addedSet: Set<PersistentIdentifier> = []
    /// Models removed.
    private(set) var removed: Set<PersistentIdentifier> = []

    mutating func add(_ identifier: PersistentIdentifier) {
        removed.remove(identifier)
        if addedSet.insert(identifier).inserted { added.append(identifier) }
    }

    mutating func remove(_ identifier: PersistentIdentifier) {
        if addedSet.remove(identifier) != nil { added.removeAll { $0 == identifier } }
        removed.insert(identifier)
    }

    /// These changes with identifiers replaced through `map` (temporary to permanent).
    func remapped(_ map: [PersistentIdentifier: PersistentIdentifier]) -> UnloadedToManyChanges {
        var remapped = UnloadedToManyChanges()
        for identifier in added { remapped.add(map[identifier] ?? identifier) }
        remapped.removed = Set(removed.map { map[$0] ?? $0 })
        return remapped
    }

    /// The same changes as a save sends them.
    var linkChanges: LinkChanges { LinkChanges(added: added, removed: Array(removed)) }

    /// The stored list with these changes applied.
    func applied(to stored: [PersistentIdentifier]) -> [PersistentIdentifier] {
        linkChanges.applied(to: stored)
    }
}

extension AnyModelStorage {
    /// Whether to-many relationship `index` is a fault: a stored model whose snapshot left the
    /// relationship out (``DataStoreRelationshipFaulting``), not loaded since.
    func isUnloadedToMany(at index: Int) -> Bool {
        values[index] == nil && !isInserted && layout.isRelationship[index] && !layout.properties[index].relationshipTarget!.isToOne
            && !hasAssignedObject(at: index)
    }

    /// The changes recorded on unloaded relationship `index`, if any.
    func unloadedChanges(at index: Int) -> UnloadedToManyChanges? {
        if case .unloadedChanges(let changes)? = object(at: index) { return changes }
        return nil
    }

    private func hasAssignedObject(at index: Int) -> Bool {
        if case .assigned? = object(at: index) { return true }
        return false
    }

    /// Loads to-many relationship `index` when it is a fault: its stored identifiers (one store
    /// read), with the changes recorded while it was unloaded applied. Recorded as no change.
    /// Returns `false` when it stays unloaded: the read failed (the context's next save or fetch
    /// throws the error) or nothing can read it (no context and no container).
    @discardableResult
    func loadToManyIfUnloaded(at index: Int) -> Bool {
        guard isUnloadedToMany(at: index) else { return true }
        let name = layout.properties[index].name
        let stored: [PersistentIdentifier]?
        if let context {
            stored = context.storedRelatedIdentifiers(of: self, relationship: name)
        } else {
            stored = owner?.storedRelatedIdentifiers(of: self, relationship: name)
        }
        guard let stored else { return false }
        takeLoaded(stored, at: index)
        return true
    }

    /// Makes unloaded relationship `index` hold `stored`, the store's identifiers, with the
    /// changes recorded while it was unloaded applied.
    func takeLoaded(_ stored: [PersistentIdentifier], at index: Int) {
        if let changes = unloadedChanges(at: index) {
            // The save works out what changed from the list as loaded (``ModelContext/linkChanges(of:)``).
            context?.rememberLoadedList(stored, of: self, at: index)
            values[index] = .identifiers(changes.applied(to: stored))
        } else {
            values[index] = .identifiers(stored)
        }
        setObject(nil, at: index)
        preparedValues = nil
    }

    /// Records a change to unloaded relationship `index` without loading it. The first change
    /// since the last save is recorded with the resolver (the undo log keeps the unloaded state);
    /// later ones only update the changes, in place.
    func changeUnloaded(at index: Int, adding added: PersistentIdentifier? = nil, removing removed: PersistentIdentifier? = nil, recordingChange: Bool = true) {
        var changes = unloadedChanges(at: index) ?? {
            if recordingChange { willChange(slot: index) }
            return UnloadedToManyChanges()
        }()
        // Dropped from the slot first, so the changes are mutated in place, not copied.
        setObject(nil, at: index)
        if let added { changes.add(added) }
        if let removed { changes.remove(removed) }
        setObject(.unloadedChanges(changes), at: index)
        preparedValues = nil
    }

    /// The identifiers relationship `index` is known to hold without a store read: all of them
    /// when it is loaded (or set while detached: their models are asked), those added while it
    /// was unloaded otherwise.
    func knownRelatedIdentifiers(at index: Int) -> [PersistentIdentifier] {
        switch object(at: index) {
        case .unloadedChanges(let changes)?: return changes.added
        case .assigned(let value)?: return Self.models(in: value, toOne: layout.properties[index].relationshipTarget!.isToOne).map(\.storage.identifier)
        default: break
        }
        switch values[index] {
        case .identifier(let id)?: return [id]
        case .identifiers(let ids)?: return ids
        default: return []
        }
    }

    /// After a save the store holds what was recorded on unloaded relationships: they become
    /// plain faults again, read from the store when next used.
    func forgetUnloadedChanges() {
        guard objects != nil else { return }
        for index in layout.relationshipIndices where unloadedChanges(at: index) != nil {
            setObject(nil, at: index)
        }
    }
}
