import Foundation

/// One transaction's changes as stores keep them (JSON text, opaque to stores): inserted keys
/// grouped by entity, updated rows with the names of their changed properties, deleted rows with
/// their preserved values, and who saved when.
struct HistoryPayload: Codable {
    /// Seconds since 1970.
    var timestamp: Double
    var author: String?
    /// The ``ModelContainer`` that saved, so it can tell its own transactions from others'.
    var origin: UUID
    /// The saving process's name and identifier.
    var process: String
    var processIdentifier: Int32
    var inserted: [InsertedRows]
    var updated: [UpdatedRow]
    var deleted: [DeletedRow]

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

    /// The keys of one entity's inserted rows. Integer keys (the usual case) are kept as runs of
    /// consecutive keys, `[first, count]`: a store mints the keys of one save in sequence, so a
    /// save of 100,000 rows is usually one run.
    struct InsertedRows: Codable {
        var entity: String
        var integerRuns: [[Int64]]
        var otherKeys: [PersistentIdentifier.PrimaryKey]

        init(entity: String) {
            self.entity = entity
            integerRuns = []
            otherKeys = []
        }

        mutating func append(_ key: PersistentIdentifier.PrimaryKey) {
            guard case .integer(let value) = key else { return otherKeys.append(key) }
            if let last = integerRuns.last, last[0] + last[1] == value {
                integerRuns[integerRuns.count - 1][1] += 1
            } else {
                integerRuns.append([value, 1])
            }
        }

        /// Every key, integer runs expanded.
        var keys: [PersistentIdentifier.PrimaryKey] {
            integerRuns.flatMap { run in (run[0]..<run[0] + run[1]).map(PersistentIdentifier.PrimaryKey.integer) } + otherKeys
        }
    }

    struct UpdatedRow: Codable {
        var entity: String
        var key: PersistentIdentifier.PrimaryKey
        var properties: [String]
    }

    struct DeletedRow: Codable {
        var entity: String
        var key: PersistentIdentifier.PrimaryKey
        /// The preserved attributes' persisted values, by property name.
        var preserved: [String: PersistentValue]
    }
}
