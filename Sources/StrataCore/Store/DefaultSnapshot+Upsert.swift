extension DefaultSnapshot {
    /// The row an insert writes when it upserts onto `stored`, the row with the same unique
    /// values: this snapshot, each of whose to-many relationships also keeps the models `stored`
    /// lists. An upsert adds to a to-many relationship and never removes from it; attributes and
    /// to-one relationships are the inserted model's (semantics rule 18).
    ///
    /// ```swift
    /// let row = inserted.upserting(onto: storedRow)   // storedRow's members + inserted's members
    /// ```
    public func upserting(onto stored: DefaultSnapshot) -> DefaultSnapshot {
        var merged = self
        for (index, name) in layout.propertyNames.enumerated() {
            guard case .identifiers(let inserted)? = values[index], case .identifiers(let kept)? = stored.value(forProperty: name) else { continue }
            let alreadyKept = Set(kept)
            merged[name] = .identifiers(kept + inserted.filter { !alreadyKept.contains($0) })
        }
        return merged
    }
}
