import StrataCore

extension SyncMapping {
    /// One imported and exported attribute. A class, so reading a mapping's attributes for every
    /// object of an import copies one reference, not a dozen fields.
    final class Attribute {
        let name: String
        let remoteKey: String
        /// The property's own name, read when the object has no ``remoteKey`` (`fullName` beside
        /// `full_name`); `nil` for the identity, an overridden key, or when the two are the same.
        let alternateKey: String?
        /// The keys of a nested remote key (`status.id` → `["status", "id"]`), read and written
        /// through nested objects; `nil` for a plain key.
        let remotePath: [String]?
        /// The attribute's type without `Optional`.
        let valueType: Any.Type
        /// Whether the attribute needs a value on insert (neither optional nor defaulted).
        let isRequired: Bool
        /// The declared default value, if any.
        let defaultValue: Any?
        /// The codec of ``valueType``, which turns a remote id into an identity key.
        let codec: ValueCodec
        /// A JSON value as a value of ``valueType``, or `nil` when it cannot be one.
        let coerce: (Any) -> Any?
        let access: PropertyAccess
        /// Whether export writes the attribute (`syncNonExportedProperties` are only imported).
        let isExported: Bool

        init(
            name: String, remoteKey: String, alternateKey: String?, remotePath: [String]?, valueType: Any.Type, isRequired: Bool, defaultValue: Any?,
            codec: ValueCodec, coerce: @escaping (Any) -> Any?, access: PropertyAccess, isExported: Bool
        ) {
            self.name = name
            self.remoteKey = remoteKey
            self.alternateKey = alternateKey
            self.remotePath = remotePath
            self.valueType = valueType
            self.isRequired = isRequired
            self.defaultValue = defaultValue
            self.codec = codec
            self.coerce = coerce
            self.access = access
            self.isExported = isExported
        }
    }
}
