import StrataCore

/// A loaded document: what one operation reads, and what a save changes before writing it back.
struct JSONStoreState {
    var storeIdentifier: String
    var nextKey: Int64
    var rows: JSONRowSet

    /// Mints the next permanent identifier of this store.
    mutating func mint(_ entityName: String) -> PersistentIdentifier {
        defer { nextKey += 1 }
        return PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: entityName, primaryKey: .integer(nextKey))
    }

    /// The document to write.
    var document: JSONStoreDocument {
        var document = JSONStoreDocument(storeIdentifier: storeIdentifier)
        document.nextKey = nextKey
        document.rows = rows.all
        return document
    }
}
