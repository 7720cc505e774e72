/// The kind of column a backend needs for an attribute, derived from its Swift type.
public enum StorageType: String, Hashable, Sendable, Codable {
    case bool
    /// Every integer width; values travel as `Int64`.
    case integer
    /// `Double` and `Float`.
    case double
    /// `String`, and `URL` by its absolute string.
    case string
    case data
    case date
    case uuid
    case decimal
    /// Any other `Codable` value, stored as JSON (``PersistentValue/data(_:)``).
    case codable
}
