import StrataCore

extension DefaultSnapshot {
    /// This snapshot with one slot per property of `entity`, in the entity's order (`nil` for
    /// the properties it does not hold).
    func laidOut(as entity: Schema.Entity) -> DefaultSnapshot {
        let layout = entity.snapshotLayout
        if self.layout === layout { return self }
        let values = layout.propertyNames.map { name in value(forProperty: name) }
        return DefaultSnapshot(persistentIdentifier: persistentIdentifier, layout: layout, values: ContiguousArray(values))
    }
}
