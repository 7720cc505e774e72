import Foundation

/// One transaction's changes as stores keep them (JSON text, opaque to stores), compact for bulk
/// saves: rows are grouped by entity (updates also by the set of properties they changed) and
/// their keys kept as runs; only deleted rows with preserved values are listed one by one.
struct HistoryPayload: Codable {
    /// Seconds since 1970.
    var timestamp: Double
    var author: String?
    /// The ``ModelContainer`` that saved, so it can tell its own transactions from others'.
    var origin: UUID
    /// The saving process's name and identifier.
    var process: String
    var processIdentifier: Int32
    var inserted: [Rows]
    var updated: [Rows]
    /// Deleted rows that preserved no value.
    var deleted: [Rows]
    /// Deleted rows with the values they preserved.
    var tombstones: [Tombstone]
    /// Whether the transaction erased the store (``DataStore/erase()``): every row may be gone,
    /// and none is listed. Absent in other transactions.
    var erased: Bool?

    /// Rows of one entity (for updates: that changed the same properties).
    struct Rows: Codable {
        var entity: String
        /// The changed properties' names (updates only).
        var properties: [String]?
        var keys: KeyRuns
    }

    /// A deleted row and its preserved attributes' persisted values, by property name.
    struct Tombstone: Codable {
        var entity: String
        var key: PersistentIdentifier.PrimaryKey
        var preserved: [String: PersistentValue]
    }

    /// Primary keys, integer ones (the usual case) as runs of consecutive keys `[first, count]`:
    /// a store mints the keys of one save in sequence, so 100,000 inserted rows are one run.
    struct KeyRuns: Codable {
        var integerRuns: [[Int64]] = []
        var otherKeys: [PersistentIdentifier.PrimaryKey] = []

        mutating func append(_ key: PersistentIdentifier.PrimaryKey) {
            guard case .integer(let value) = key else { return otherKeys.append(key) }
            if let last = integerRuns.last, last[0] + last[1] == value {
                integerRuns[integerRuns.count - 1][1] += 1
            } else {
                integerRuns.append([value, 1])
            }
        }

        /// Every key, runs expanded.
        var keys: [PersistentIdentifier.PrimaryKey] {
            integerRuns.flatMap { run in (run[0]..<run[0] + run[1]).map(PersistentIdentifier.PrimaryKey.integer) } + otherKeys
        }
    }

    /// The encoder stores use (NaN and infinities, which JSON lacks, as strings).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// The decoder matching ``encoder``.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}

extension [HistoryPayload.Rows] {
    /// Adds `key` to the group of `entity` (and `properties`), making it when missing. Saves
    /// change runs of one entity the same way, so the last group is tried first.
    mutating func append(_ key: PersistentIdentifier.PrimaryKey, entity: String, properties: [String]? = nil) {
        let index = last.map { $0.entity == entity && $0.properties == properties } == true
            ? count - 1 : firstIndex { $0.entity == entity && $0.properties == properties }
        if let index {
            self[index].keys.append(key)
        } else {
            var rows = HistoryPayload.Rows(entity: entity, properties: properties, keys: HistoryPayload.KeyRuns())
            rows.keys.append(key)
            append(rows)
        }
    }
}
