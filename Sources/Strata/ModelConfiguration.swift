import Foundation

/// SwiftData's configuration: picks Strata's embedded default store.
///
/// `ModelConfiguration(isStoredInMemoryOnly: true)` uses the in-memory store; otherwise the
/// store is a SQLite database file at `url`, or at the default location when `url` is `nil`
/// (see ``defaultStoreURL(name:)`` and docs/sqlite.md).
public struct ModelConfiguration: DataStoreConfiguration {
    public typealias Store = DefaultStore

    public var name: String
    public var schema: Schema?
    /// Where a persistent store keeps its file; `nil` for in-memory stores and the default location.
    public var url: URL?
    public var isStoredInMemoryOnly: Bool
    /// When `false`, every save fails with ``SwiftDataError/unsupportedConfiguration``.
    public var allowsSave: Bool

    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
    }

    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true) {
        self.init(name, schema: schema, isStoredInMemoryOnly: false, allowsSave: allowsSave)
        self.url = url
    }

    public init(for type: any PersistentModel.Type, _ more: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(schema: Schema([type] + more), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly && lhs.allowsSave == rhs.allowsSave
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}
