/// The values a deleted model kept in the history: those of its attributes marked
/// `.preserveValueOnDeletion` (`@Attribute(.preserveValueOnDeletion)`), read by key path.
public struct HistoryTombstone<Model: PersistentModel>: Sequence, @unchecked Sendable {
    /// The preserved attributes, with their values.
    let entries: [(keyPath: PartialKeyPath<Model>, value: Any)]

    /// The preserved value of `keyPath`; `nil` when the attribute was not preserved.
    public subscript<Value>(keyPath: KeyPath<Model, Value>) -> Value? {
        entries.first { $0.keyPath == keyPath }?.value as? Value
    }

    /// The preserved attributes and their values.
    public func makeIterator() -> IndexingIterator<[(keyPath: PartialKeyPath<Model>, value: Any)]> {
        entries.makeIterator()
    }
}
