// The hand-written importer of `--sync-import` (issue 32): what an app writes without StrataSync,
// on the same Strata store — decode, fetch existing by id, insert or update if newer, save.
import Foundation
import Strata

enum HandWrittenSyncImport {
    /// What one import did.
    struct Counts: Equatable {
        var inserted = 0
        var updated = 0
    }

    /// Decodes `json` with `JSONDecoder`, fetches the stored items and owners once into
    /// dictionaries by remote id, inserts the new items, updates those whose `updatedAt` is newer
    /// (leaving the others unread), and saves once.
    static func importItems(_ json: Data, into container: ModelContainer) throws -> Counts {
        let items = try ItemDTO.decodeAll(json)
        let context = ModelContext(container)
        let owners = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<SyncOwner>()).map { ($0.remoteID, $0) })
        var stored = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<SyncItem>()).map { ($0.remoteID, $0) })
        stored.reserveCapacity(stored.count + items.count)
        var counts = Counts()
        for item in items {
            guard let owner = owners[item.ownerID] else { throw RawError(description: "no owner \(item.ownerID)") }
            if let model = stored[item.id] {
                guard item.updatedAt > model.updatedAt else { continue }
                model.title = item.title
                model.quantity = item.quantity
                model.price = item.price
                model.updatedAt = item.updatedAt
                model.owner = owner
                counts.updated += 1
            } else {
                let model = SyncItem(remoteID: item.id, title: item.title, quantity: item.quantity, price: item.price, updatedAt: item.updatedAt)
                context.insert(model)
                model.owner = owner
                stored[item.id] = model
                counts.inserted += 1
            }
        }
        try context.save()
        return counts
    }
}
