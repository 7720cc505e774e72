import StrataCore

/// The whole file, as every operation reads it and every save writes it.
///
/// ```json
/// { "format": 1, "storeIdentifier": "6F9…", "nextKey": 3,
///   "rows": [ { "persistentIdentifier": {…}, "name": { "string": { "_0": "Oslo" } }, … } ] }
/// ```
/// `rows` holds every entity's rows in insertion order; `DefaultSnapshot` is `Codable`, so the
/// document needs no code of its own to be read or written.
struct JSONStoreDocument: Codable {
    static let currentFormat = 1

    /// Lets a later version of the store recognise, and convert, files written by this one.
    var format: Int
    /// Minted once, when the file is created; goes into every identifier of its rows, so
    /// identifiers survive reopening the file (and moving it).
    var storeIdentifier: String
    /// The next primary key to mint. Keys are never reused, not even after `erase()`.
    var nextKey: Int64
    var rows: [DefaultSnapshot]

    /// An empty store.
    init(storeIdentifier: String) {
        self.format = Self.currentFormat
        self.storeIdentifier = storeIdentifier
        self.nextKey = 1
        self.rows = []
    }
}
