import Foundation
import StrataCore

extension ImportSession {
    /// The date `object` gives for `mapping`'s `syncUpdatedAt`, read once for the check below and
    /// for the write; `nil` when the type declares none, or the object gives none, `null`, or a
    /// value that is not a date (applying the attributes then clears it or reports it).
    /// - Throws: what reading a nested remote key throws.
    func payloadUpdatedAt(_ object: [String: Any], _ mapping: SyncMapping, at place: PayloadPlace) throws -> Date? {
        guard let attribute = mapping.updatedAt, let json = try attribute.payloadValue(in: object, at: place)?.value else { return nil }
        return attribute.coerce(json) as? Date
    }

    /// Whether `model`, a model the import reached again, is to be left alone for an object dated
    /// `date`: it holds that date or a later one in `mapping`'s `syncUpdatedAt`, and it holds it
    /// from the store. A model without a date is never left alone.
    func leavesAlone(_ model: any PersistentModel, _ mapping: SyncMapping, given date: Date) -> Bool {
        guard let attribute = mapping.updatedAt, let stored = unwrappedValue(attribute.access.get(model)) as? Date, stored >= date else { return false }
        // A model this import inserted (its identifier is still temporary) or updated holds the
        // payload's own date.
        return !model.persistentModelID.isTemporary && !written.contains(ObjectIdentifier(model))
    }
}
