import StrataCore

extension DefaultSnapshot {
    /// This snapshot with one slot per property of `entity`, in the entity's order; `over`
    /// fills the properties this snapshot does not hold (an update keeps what it leaves out).
    func laidOut(as entity: Schema.Entity, over existing: DefaultSnapshot? = nil) -> DefaultSnapshot {
        let layout = entity.snapshotLayout
        if self.layout === layout && existing == nil { return self }
        let values = layout.propertyNames.map { name in value(forProperty: name) ?? existing?.value(forProperty: name) }
        return DefaultSnapshot(persistentIdentifier: persistentIdentifier, layout: layout, values: ContiguousArray(values))
    }
}
