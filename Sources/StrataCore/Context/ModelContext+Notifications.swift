import Foundation

extension ModelContext {
    /// Posted before a context writes its changes; `object` is the context, `userInfo` lists the
    /// pending models under ``NotificationKey`` (inserted ones by their temporary identifiers).
    /// What observers change then is part of the save.
    public static let willSave = Notification.Name("Strata.ModelContext.willSave")
    /// Posted after a save succeeded; `userInfo` lists identifiers under ``NotificationKey``.
    /// ``ModelContainer/erase()`` posts it too, with the container as `object` and
    /// ``NotificationKey/invalidatedAllIdentifiers``.
    public static let didSave = Notification.Name("Strata.ModelContext.didSave")

    /// `userInfo` keys of ``didSave`` and ``willSave``.
    public enum NotificationKey: String, Sendable {
        /// `[PersistentIdentifier]`: the models the save inserted, with their permanent identifiers.
        case insertedIdentifiers
        /// `[PersistentIdentifier]`: the models the save changed.
        case updatedIdentifiers
        /// `[PersistentIdentifier]`: the models the save deleted.
        case deletedIdentifiers
        /// `Int`: the container's count of saves and erases, this one included. A larger value
        /// is a later generation of the container's data; it counts this process's writes only.
        case queryGeneration
        /// `Bool`, present and `true` when every identifier the container handed out may no
        /// longer name a row (posted by ``ModelContainer/erase()``).
        case invalidatedAllIdentifiers
        /// ``DefaultHistoryToken``: where the store recorded the save in its history, when it
        /// keeps one (a Strata addition).
        case historyToken
    }

    func post(
        _ name: Notification.Name, inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier],
        token: DefaultHistoryToken? = nil
    ) {
        var userInfo: [String: Any] = [
            NotificationKey.insertedIdentifiers.rawValue: inserted,
            NotificationKey.updatedIdentifiers.rawValue: updated,
            NotificationKey.deletedIdentifiers.rawValue: deleted,
        ]
        if name == Self.didSave { userInfo[NotificationKey.queryGeneration.rawValue] = container.advanceQueryGeneration() }
        if let token { userInfo[NotificationKey.historyToken.rawValue] = token }
        NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
    }
}
