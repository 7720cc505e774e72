import StrataCore

extension SQLStoreEngine {
    /// The key of the row a fetch of whole rows looks up when its predicate is only
    /// `$0.persistentModelID == identifier` (either way round), the identifier names a row of
    /// this entity in this store, and nothing else shapes the answer: no offset, no zero limit,
    /// no `propertiesToFetch`, no class hierarchy. Such a fetch selects at most that row, so it
    /// runs ``EntityMapping/selectByKey(_:)`` like `model(for:)`: the usual server lookup costs
    /// no translation. `nil` for every other descriptor (the translator plans it).
    func lookedUpKey<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, mapping: EntityMapping, purpose: SQLFetchPlan<T>.Purpose) -> Int64? {
        guard purpose == .snapshots, let predicate = descriptor.predicate, (descriptor.fetchOffset ?? 0) == 0,
              (descriptor.fetchLimit ?? 1) > 0, descriptor.fetchedAttributeNames(of: mapping.entity) == nil,
              mapping.entity.superentity == nil, mapping.entity.subentities.isEmpty,
              let identifier = IdentifierLookup.identifier(lookedUpBy: predicate),
              identifier.storeIdentifier == storeIdentifier, identifier.entityName == mapping.entity.name,
              let key = identifier.primaryKey.integerValue
        else { return nil }
        return key
    }
}
