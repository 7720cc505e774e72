import StrataCore

/// A to-many relationship compared as what it is, a set of models: Strata's schema has no
/// ordered to-many, and a store may read one back in any order (PostgreSQL reads a many-to-many
/// by target key, SQLite and memory as saved), so neither a payload's order nor the store's is a change.
enum ToManySet {
    /// Whether `current` and `new` hold the same models, in whatever order.
    static func sameMembers(_ current: [any PersistentModel], _ new: [any PersistentModel]) -> Bool {
        guard current.count == new.count else { return false }
        let currentIDs = current.map(ObjectIdentifier.init), newIDs = new.map(ObjectIdentifier.init)
        // The common case, an unchanged list read back in the order it was written, needs no set.
        return currentIDs == newIDs || Set(currentIDs) == Set(newIDs)
    }

    /// `models` without repeats, first occurrence kept: a payload naming a model twice links it once.
    static func distinct(_ models: [any PersistentModel]) -> [any PersistentModel] {
        // A to-one's target, or a list of one, has no repeats to find (and needs no set).
        guard models.count > 1 else { return models }
        var seen = Set<ObjectIdentifier>()
        seen.reserveCapacity(models.count)
        return models.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
