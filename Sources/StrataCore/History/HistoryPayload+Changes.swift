import Foundation

extension HistoryPayload {
    /// The payload of a stored record; `nil` when this version cannot read it.
    static func decode(_ record: HistoryRecord) -> HistoryPayload? {
        try? decoder.decode(HistoryPayload.self, from: Data(record.payload.utf8))
    }

    /// The identifiers the transaction changed, as the change feed delivers them.
    func changes(token: DefaultHistoryToken) -> ModelChanges {
        guard erased != true else { return .everything(token: token, isExternal: true) }
        let store = token.storeIdentifier
        func identifiers(_ groups: [Rows]) -> [PersistentIdentifier] {
            groups.flatMap { rows in rows.keys.keys.map { PersistentIdentifier(storeIdentifier: store, entityName: rows.entity, primaryKey: $0) } }
        }
        let tombstoned = tombstones.map { PersistentIdentifier(storeIdentifier: store, entityName: $0.entity, primaryKey: $0.key) }
        return ModelChanges(
            inserted: identifiers(inserted), updated: identifiers(updated), deleted: identifiers(deleted) + tombstoned, token: token,
            author: author, savingContext: nil, isExternal: true)
    }
}
