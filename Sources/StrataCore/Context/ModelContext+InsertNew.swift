extension ModelContext {
    /// Inserts `model` as a row that must be new: when the context saves and a stored model (or
    /// another model this save inserts) has the same unique values (`@Attribute(.unique)`,
    /// `#Unique`), the save throws ``SwiftDataError/constraintViolation`` and writes nothing,
    /// where ``insert(_:)`` would update that model (SwiftData's upsert).
    ///
    /// A Strata addition, for claiming a key exactly once however many contexts, processes or
    /// servers insert it at the same time: the store decides inside the save's transaction.
    /// ```swift
    /// context.insertNew(Receipt(requestID: id, answer: answer))
    /// do { try context.save() } catch let error as SwiftDataError where error == .constraintViolation {
    ///     // another writer claimed `id` first: read its receipt instead
    /// }
    /// ```
    public func insertNew<T: PersistentModel>(_ model: T) {
        insertModel(model)
        if model.storage.owner === owner, model.storage.isInserted { newOnlyInserts.insert(ObjectIdentifier(model.storage)) }
    }

    /// The temporary identifiers of the inserts of `changes` made with ``insertNew(_:)``.
    func newOnlyIdentifiers(in inserted: [PendingInsert]) -> Set<PersistentIdentifier> {
        guard !newOnlyInserts.isEmpty else { return [] }
        return Set(inserted.lazy.filter { self.newOnlyInserts.contains(ObjectIdentifier($0.storage)) }.map(\.storage.identifier))
    }
}
