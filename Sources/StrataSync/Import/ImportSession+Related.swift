import StrataCore

extension ImportSession {
    /// The model a nested `object` of `destination`'s type names, inserted or updated from it as
    /// ``relationshipOperations`` allow.
    /// - Throws: ``SyncError/Kind/unresolvedReference`` when it names no stored model and
    ///   inserting is not allowed; what ``apply(_:_:scope:linkingTo:at:)`` throws.
    func related(_ object: [String: Any], _ destination: SyncMapping, scope: (any PersistentModel)?, at place: PayloadPlace) throws -> any PersistentModel {
        let operations = relationshipOperations
        if operations.isSuperset(of: [.insert, .update]) { return try apply(object, destination, scope: scope, at: place) }
        let located = try locate(object, destination, scope: scope, at: place)
        let index = try index(destination)
        try index.cover(located.key, id: located.id)
        if let existing = index.touch(located.key) {
            if !operations.contains(.update) { return existing }
        } else if !operations.contains(.insert) {
            throw place.error(
                .unresolvedReference, "no \(destination.entity.name) has remote id \(located.id), and this import may not insert related models",
                key: destination.identity.remoteKey)
        }
        return try apply(object, destination, scope: scope, at: place)
    }
}
