import Foundation
@testable import StrataCore
import Testing

/// The history payload's hand-written JSON says what `JSONEncoder` says: decoded, each payload
/// is the one `JSONEncoder`'s text decodes to, field for field.
@Suite struct HistoryPayloadJSONTests {
    static let origin = UUID()

    static func rows(_ entity: String, properties: [String]? = nil, keys: [PersistentIdentifier.PrimaryKey]) -> HistoryPayload.Rows {
        var runs = HistoryPayload.KeyRuns()
        for key in keys { runs.append(key) }
        return HistoryPayload.Rows(entity: entity, properties: properties, keys: runs)
    }

    static func payload(
        timestamp: Double = 1_764_340_000.123456, author: String? = nil, inserted: [HistoryPayload.Rows] = [], updated: [HistoryPayload.Rows] = [],
        deleted: [HistoryPayload.Rows] = [], tombstones: [HistoryPayload.Tombstone] = [], erased: Bool? = nil
    ) -> HistoryPayload {
        HistoryPayload(
            timestamp: timestamp, author: author, origin: origin, process: "strata-server", processIdentifier: 4242, inserted: inserted,
            updated: updated, deleted: deleted, tombstones: tombstones, erased: erased)
    }

    static let payloads: [HistoryPayload] = [
        payload(inserted: [rows("Item", keys: [.integer(7)])]),
        payload(author: "api", inserted: [rows("Item", keys: (1...5).map { .integer($0) } + [.integer(9)]), rows("Project", keys: [.integer(2)])]),
        payload(author: "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} é 中 🙂", updated: [rows("Item", properties: ["title", "done"], keys: [.integer(3)])]),
        payload(updated: [rows("Item", properties: [], keys: [.integer(3)])], deleted: [rows("Tag", keys: [.string("a\"b"), .uuid(origin), .integer(1)])]),
        payload(
            deleted: [rows("Item", keys: [.integer(4)])],
            tombstones: [HistoryPayload.Tombstone(entity: "Item", key: .integer(5), preserved: ["title": .string("x"), "score": .double(.nan), "at": .date(Date(timeIntervalSince1970: 3))])]),
        payload(timestamp: 0.1, erased: true),
        payload(timestamp: 1e300),
        payload(timestamp: .infinity),
    ]

    @Test(arguments: payloads.indices)
    func theTextDecodesToWhatJSONEncodersDoes(index: Int) throws {
        let payload = Self.payloads[index]
        let written = try HistoryPayload.decoder.decode(HistoryPayload.self, from: Data(payload.json.utf8))
        let encoded = try HistoryPayload.decoder.decode(HistoryPayload.self, from: HistoryPayload.encoder.encode(payload))
        #expect(try Self.canonical(written) == Self.canonical(encoded))
        #expect(written.timestamp.bitPattern == payload.timestamp.bitPattern || (written.timestamp.isNaN && payload.timestamp.isNaN))
        #expect(written.author == payload.author)
    }

    /// A payload's fields as text that does not depend on key order.
    static func canonical(_ payload: HistoryPayload) throws -> String {
        let encoder = HistoryPayload.encoder
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }
}
