import StrataCore

/// The saved model an import's rows belong to (`importJSON(_:as:parent:)`), and the to-one
/// relationship of the imported type that leads to it.
struct ImportParent {
    let model: any PersistentModel
    let relationship: SyncMapping.Relationship
    /// Whether the relationship is the type's `syncIdentityScope` (ids are unique only within
    /// the parent); otherwise ids are global and the import links every row to the parent.
    let scopesIdentity: Bool

    /// `parent`, adopted into `context`, as the parent of `mapping`'s rows: through the type's
    /// identity scope when it leads to the parent's type, else through its one to-one
    /// relationship to that type.
    /// - Throws: ``SyncError/Kind/invalidScope`` when there is no such relationship, or several,
    ///   or the type is scoped by another type; when the parent is not saved.
    init(_ parent: any PersistentModel, of mapping: SyncMapping, in context: ModelContext) throws {
        let parentEntity = Schema.entityName(for: type(of: parent))
        if let scope = mapping.scope {
            guard Schema.entityName(for: scope.destination) == parentEntity else {
                throw SyncError(.invalidScope, "\(mapping.entity.name) is scoped by its \(scope.name), not by \(parentEntity)")
            }
            relationship = scope
            scopesIdentity = true
        } else {
            let candidates = mapping.relationships.filter { $0.isToOne && Schema.entityName(for: $0.destination) == parentEntity }
            guard candidates.count == 1 else {
                throw SyncError(
                    .invalidScope,
                    "\(mapping.entity.name) has \(candidates.isEmpty ? "no" : "more than one") to-one relationship to \(parentEntity): declare syncIdentityScope")
            }
            relationship = candidates[0]
            scopesIdentity = false
        }
        guard !parent.persistentModelID.isTemporary else {
            throw SyncError(.invalidScope, "save the parent before importing into its scope")
        }
        model = context.model(for: parent.persistentModelID)
    }

    /// Whether `child` is linked to the parent.
    func holds(_ child: any PersistentModel) -> Bool {
        (unwrappedValue(relationship.access.get(child)) as? any PersistentModel)?.persistentModelID == model.persistentModelID
    }
}
