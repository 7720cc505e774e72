/// The members one save adds to and removes from a to-many relationship of a stored model:
/// what its context changed since it loaded the list, never the list itself (semantics rule 27).
///
/// A store applies them to the list it holds, so another context's committed links survive:
/// ```swift
/// let stored = [s1, s3]                                     // s3: linked by another context
/// LinkChanges(added: [s2], removed: []).applied(to: stored) // [s1, s3, s2]
/// ```
public struct LinkChanges: Hashable, Sendable {
    /// Members the context added, in the order it added them.
    public var added: [PersistentIdentifier]
    /// Members the context removed.
    public var removed: [PersistentIdentifier]

    /// Changes that add `added` and remove `removed`.
    public init(added: [PersistentIdentifier] = [], removed: [PersistentIdentifier] = []) {
        self.added = added
        self.removed = removed
    }

    /// The changes that turn the list `before` into `after`.
    public init(from before: [PersistentIdentifier], to after: [PersistentIdentifier]) {
        let had = Set(before), has = Set(after)
        self.init(added: after.filter { !had.contains($0) }, removed: before.filter { !has.contains($0) })
    }

    /// Whether they change nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// These changes with identifiers replaced through `map` (temporary to permanent). A member
    /// both removed and added once mapped (a new model a unique upsert resolved to the stored
    /// row it replaced) is the same member: it stays, and is neither removed nor added again.
    public func remapped(_ map: [PersistentIdentifier: PersistentIdentifier]) -> LinkChanges {
        guard !map.isEmpty else { return self }
        let added = added.map { map[$0] ?? $0 }, kept = Set(added)
        return LinkChanges(added: added, removed: removed.map { map[$0] ?? $0 }.filter { !kept.contains($0) })
    }

    /// The stored list with these changes applied: removed members dropped, added ones appended
    /// unless the list already holds them.
    public func applied(to stored: [PersistentIdentifier]) -> [PersistentIdentifier] {
        let removing = Set(removed).subtracting(added)
        var list = removing.isEmpty ? stored : stored.filter { !removing.contains($0) }
        var present = Set(list)
        for member in added where present.insert(member).inserted { list.append(member) }
        return list
    }
}
