import StrataCore

/// An object's remote id, coerced to its type's identity and in persisted form (the identity
/// index's key), read once per object. A class: the rows of a payload hand it on by reference,
/// where copying the boxed value and the persisted enum cost a fifth of sorting them.
final class RemoteID {
    /// The id as a value of the identity attribute's type.
    let value: Any
    /// The id as the store persists it.
    let persisted: PersistentValue

    init(value: Any, persisted: PersistentValue) {
        self.value = value
        self.persisted = persisted
    }

    /// `json` as an id of `mapping`'s type; `nil` when it is `null` or cannot be one.
    init?(_ json: Any, _ mapping: SyncMapping) {
        guard !isJSONNull(json), let value = mapping.identity.coerce(json), let persisted = try? mapping.identity.codec.encode(value) else { return nil }
        self.value = value
        self.persisted = persisted
    }
}
