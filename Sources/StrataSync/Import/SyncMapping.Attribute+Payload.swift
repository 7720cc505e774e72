import Foundation

extension SyncMapping.Attribute {
    /// The JSON value `object` (at `place`) gives for the attribute, with the key it was under;
    /// `nil` when it gives none. A nested remote key (`status.id`) is read through the objects
    /// it names, and a `null` on the way is the attribute's `null`.
    /// - Throws: ``SyncError/Kind/conflictingKeys`` when the object gives both spellings,
    ///   ``SyncError/Kind/notAnObject`` when a value on a nested key's way is not an object.
    func payloadValue(in object: [String: Any], at place: PayloadPlace) throws -> (key: String, value: Any)? {
        guard let remotePath else { return try place.value(in: object, key: remoteKey, alternate: alternateKey, of: name) }
        var current: Any = object
        for (depth, component) in remotePath.enumerated() {
            guard let inner = current as? [String: Any] else {
                guard isJSONNull(current) else {
                    throw place.error(.notAnObject, "expected an object on the way to \"\(remoteKey)\"", key: remotePath[..<depth].joined(separator: "."))
                }
                return (key: remoteKey, value: current)
            }
            guard let next = inner[component] else { return nil }
            current = next
        }
        return (key: remoteKey, value: current)
    }
}
