import Strata

extension PersistentModel {
    /// The row key clients see as `id`: the integer primary key of a saved model.
    var key: Int64? { persistentModelID.primaryKey.integerValue }

    /// The key of the model a to-one relationship points at, read from the stored identifier, so
    /// the related model is not loaded (one query less per item than reading `item.project`).
    func relatedKey(_ property: String) -> Int64? {
        guard case .identifier(let identifier)? = persistentBackingData.persistentValue(forProperty: property) else { return nil }
        return identifier.primaryKey.integerValue
    }
}
