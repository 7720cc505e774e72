extension PayloadPlace {
    /// The value `object` gives under `key` or, when that is absent, under `alternate` (another
    /// spelling import reads: `fullName` beside `full_name`, `tags_ids` beside `tag_ids`), with
    /// the key it was under; `nil` when the object has neither.
    /// - Throws: ``SyncError/Kind/conflictingKeys`` naming `alternate` when the object has both:
    ///   neither can be preferred without guessing.
    func value(in object: [String: Any], key: String, alternate: String?, of property: String) throws -> (key: String, value: Any)? {
        let value = object[key]
        guard let alternate, let alternateValue = object[alternate] else { return value.map { (key: key, value: $0) } }
        guard value == nil else {
            throw error(.conflictingKeys, "both \"\(key)\" and \"\(alternate)\" give \(property): send one", key: alternate)
        }
        return (key: alternate, value: alternateValue)
    }
}
