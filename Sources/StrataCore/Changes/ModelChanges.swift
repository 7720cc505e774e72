import Foundation

/// What one committed save changed, as a container's change feed delivers it
/// (``ModelContainer/changes()``, live queries, merges into other contexts).
public struct ModelChanges: Sendable {
    /// The models the save inserted.
    public let inserted: [PersistentIdentifier]
    /// The models the save changed.
    public let updated: [PersistentIdentifier]
    /// The models the save deleted.
    public let deleted: [PersistentIdentifier]
    /// Where the store recorded the save in its history; `nil` when it keeps none.
    public let token: DefaultHistoryToken?
    /// The saving context's ``ModelContext/author``.
    public let author: String?
    /// Whether another process or container saved it (seen through the store, not a context here).
    public let isExternal: Bool
    /// Whether any model may have changed: what changed is not known (``ModelContainer/erase()``,
    /// a batch delete, or another process's save to a store without history).
    public let invalidatesAll: Bool
    /// The ``EditingState/id`` of the context that saved, when it is one of this container's.
    let savingContext: UUID?

    init(
        inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier], token: DefaultHistoryToken?,
        author: String?, savingContext: UUID?, isExternal: Bool = false, invalidatesAll: Bool = false
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.token = token
        self.author = author
        self.savingContext = savingContext
        self.isExternal = isExternal
        self.invalidatesAll = invalidatesAll
    }

    /// A change whose extent is unknown: every model may have changed.
    static func everything(token: DefaultHistoryToken? = nil, isExternal: Bool) -> ModelChanges {
        ModelChanges(inserted: [], updated: [], deleted: [], token: token, author: nil, savingContext: nil, isExternal: isExternal, invalidatesAll: true)
    }

    /// Whether the save touched a model of one of these entities.
    func touches(_ entities: Set<String>) -> Bool {
        invalidatesAll || [inserted, updated, deleted].contains { $0.contains { entities.contains($0.entityName) } }
    }
}
