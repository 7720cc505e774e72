import Foundation

/// The history of one save, as the context hands it to a store with the save request: the store
/// adds the permanent identifiers of the inserts and keeps the text ``payload(inserted:)`` makes.
public struct HistoryDraft: Sendable {
    /// The saving context's ``ModelContext/author``.
    public let author: String?
    /// When the context saved.
    public let timestamp: Date
    let origin: UUID
    let updated: [HistoryPayload.Rows]
    let deleted: [HistoryPayload.Rows]
    let tombstones: [HistoryPayload.Tombstone]

    init(
        author: String?, timestamp: Date, origin: UUID, updated: [HistoryPayload.Rows], deleted: [HistoryPayload.Rows],
        tombstones: [HistoryPayload.Tombstone]
    ) {
        self.author = author
        self.timestamp = timestamp
        self.origin = origin
        self.updated = updated
        self.deleted = deleted
        self.tombstones = tombstones
    }

    /// The text a store keeps for this save, given the permanent identifier of each insert.
    public func payload(inserted: [PersistentIdentifier]) -> String {
        var groups: [HistoryPayload.Rows] = []
        for identifier in inserted { groups.append(identifier.primaryKey, entity: identifier.entityName) }
        let payload = HistoryPayload(
            timestamp: timestamp.timeIntervalSince1970, author: author, origin: origin, process: Self.process.name,
            processIdentifier: Self.process.identifier, inserted: groups, updated: updated, deleted: deleted, tombstones: tombstones)
        return payload.json
    }

    /// The text a store keeps for an ``DataStore/erase()``, in the erase's transaction, so that
    /// other processes' containers, which learn of commits from the history, learn of it too. It
    /// names no container (every container relays it) and lists no change.
    public static func erasurePayload() -> String {
        let payload = HistoryPayload(
            timestamp: Date().timeIntervalSince1970, author: nil, origin: UUID(), process: process.name, processIdentifier: process.identifier,
            inserted: [], updated: [], deleted: [], tombstones: [], erased: true)
        return payload.json
    }

    /// The text a store keeps, in place of a transaction, for writes it does not record: its
    /// history is switched off while the database keeps one. A fetch after a token older than it
    /// throws ``SwiftDataError/historyTokenExpired``, and other processes' containers relay it as
    /// "anything may have changed". It is not JSON, so no version reads it as a transaction.
    public static let unrecordedPayload = "unrecorded"

    private static let process = (name: ProcessInfo.processInfo.processName, identifier: ProcessInfo.processInfo.processIdentifier)
}
