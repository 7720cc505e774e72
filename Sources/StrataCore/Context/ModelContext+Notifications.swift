import Foundation

extension ModelContext {
    /// Posted before a context writes its changes; `object` is the context.
    public static let willSave = Notification.Name("Strata.ModelContext.willSave")
    /// Posted after a save succeeded; `userInfo` lists identifiers under ``NotificationKey``.
    public static let didSave = Notification.Name("Strata.ModelContext.didSave")

    /// `userInfo` keys of ``didSave``; each value is a `[PersistentIdentifier]`.
    public enum NotificationKey: String, Sendable {
        case insertedIdentifiers
        case updatedIdentifiers
        case deletedIdentifiers
    }

    func post(_ name: Notification.Name, inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier]) {
        NotificationCenter.default.post(name: name, object: self, userInfo: [
            NotificationKey.insertedIdentifiers.rawValue: inserted,
            NotificationKey.updatedIdentifiers.rawValue: updated,
            NotificationKey.deletedIdentifiers.rawValue: deleted,
        ])
    }
}
