// `--sync-import`: the models, the payload and its decoded form (SyncImportBenchmark.swift).
import Foundation
import Strata
import StrataSync

/// The owner each imported item links to by `owner_id`. The remote id is the identity without
/// `.unique`: the importer finds existing rows itself, and a unique attribute would make every
/// insert of the save also look for a row to upsert (semantics rule 18).
@Model final class SyncOwner: Syncable {
    var remoteID: Int
    var name: String

    init(remoteID: Int, name: String) {
        self.remoteID = remoteID
        self.name = name
    }
}

/// One imported JSON object: four attributes, when it last changed, and a to-one link. An object
/// whose `updated_at` is not later than the stored item's is left alone, as by hand.
@Model final class SyncItem: Syncable {
    var remoteID: Int
    var title: String
    var quantity: Int
    var price: Double
    var updatedAt: Date
    var owner: SyncOwner?

    init(remoteID: Int, title: String, quantity: Int, price: Double, updatedAt: Date) {
        self.remoteID = remoteID
        self.title = title
        self.quantity = quantity
        self.price = price
        self.updatedAt = updatedAt
    }

    static var syncUpdatedAt: PartialKeyPath<SyncItem>? { \.updatedAt }
}

/// What the raw and hand-written sides decode each object into with `JSONDecoder`.
struct ItemDTO: Decodable {
    let id: Int
    let title: String
    let quantity: Int
    let price: Double
    let updatedAt: Date
    let ownerID: Int

    enum CodingKeys: String, CodingKey {
        case id, title, quantity, price
        case updatedAt = "updated_at"
        case ownerID = "owner_id"
    }

    /// The decoder both sides use: `updated_at` is ISO-8601, as the payload writes it.
    static func decodeAll(_ json: Data) throws -> [ItemDTO] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([ItemDTO].self, from: json)
    }
}

/// The payloads both sides import, generated before any timing starts.
enum SyncPayload {
    static let owners = 1_000

    /// `owners` owner objects.
    static func ownersJSON() -> Data {
        Data(("[" + (1...owners).map { #"{"id":\#($0),"name":"owner \#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    /// `count` item objects, each linked to one of the owners and changed at its own second of 2026.
    static func itemsJSON(count: Int) -> Data {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        return Data(
            ("[" + (1...count).map { #"{"id":\#($0),"title":"item \#($0)","quantity":\#($0 % 100),"price":\#(Double($0) * 0.25),"updated_at":"\#(start.addingTimeInterval(Double($0)).ISO8601Format())","owner_id":\#($0 % owners + 1)}"# }
                .joined(separator: ",") + "]").utf8)
    }
}
