import Foundation

/// SwiftData's configuration: picks Strata's embedded default store.
///
/// `ModelConfiguration(isStoredInMemoryOnly: true)` uses the in-memory store; otherwise the
/// store is a SQLite database file at ``url``: the one given, or the default location
/// (``defaultStoreURL(name:)``, under a per-group directory for `groupContainer: .identifier(_:)`).
/// Every SwiftData initializer is here with its labels and defaults:
/// ```swift
/// ModelConfiguration()                                             // SQLite at the default location
/// ModelConfiguration(isStoredInMemoryOnly: true)                   // in memory
/// ModelConfiguration(for: Trip.self, Stop.self)
/// ModelConfiguration("trips", schema: schema, allowsSave: false, groupContainer: .identifier("group.app"), cloudKitDatabase: .none)
/// ModelConfiguration("trips", url: fileURL, allowsSave: true, cloudKitDatabase: .none)
/// ```
public struct ModelConfiguration: DataStoreConfiguration, Identifiable {
    public typealias Store = DefaultStore

    /// The configuration's name: `"default"` unless given; names the file at the default location.
    public let name: String
    /// The schema; the container sets it to its own before it opens the store.
    public var schema: Schema?
    /// Where a persistent store keeps its database file; `/dev/null` for an in-memory store.
    public let url: URL
    /// Whether the store lives in memory only (the in-memory store) rather than in a SQLite file.
    public let isStoredInMemoryOnly: Bool
    /// When `false` the store opens read-only: fetches work, and every save, batch delete,
    /// erase or history deletion throws ``SwiftDataError/unsupportedConfiguration``.
    public let allowsSave: Bool
    /// The app group whose directory holds the store (see ``GroupContainer``).
    public let groupContainer: GroupContainer
    /// The CloudKit sync asked for (see ``CloudKitDatabase``).
    public let cloudKitDatabase: CloudKitDatabase
    /// The group named by `groupContainer: .identifier(_:)`; `nil` otherwise.
    public let groupAppContainerIdentifier: String?
    /// The container named by `cloudKitDatabase: .private(_:)`; `nil` otherwise (no entitlements on Linux).
    public let cloudKitContainerIdentifier: String?
    /// Whether saves record their history (``HistoryRecording``, docs/changes.md). On by
    /// default, as in SwiftData, which has no switch: this one is Strata's.
    public var recordsHistory = true
    /// Whether ``url`` is a default location, whose directory the store creates when missing.
    let usesDefaultLocation: Bool

    /// The configuration SwiftData creates when given none: a SQLite file at the default location,
    /// or an in-memory store.
    public init(isStoredInMemoryOnly: Bool = false) {
        self.init(nil, isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// A configuration for these model types (the container's schema replaces theirs).
    public init(for forTypes: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(schema: Schema(forTypes), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// A named configuration at the default location of its group, or in memory.
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        let name = name ?? "default"
        let url = isStoredInMemoryOnly ? URL(fileURLWithPath: "/dev/null") : Self.defaultDirectory(group: groupContainer.choice.name).appendingPathComponent("\(name).store")
        self.init(
            name: name, schema: schema, url: url, usesDefaultLocation: !isStoredInMemoryOnly, isStoredInMemoryOnly: isStoredInMemoryOnly,
            allowsSave: allowsSave, groupContainer: groupContainer, cloudKitDatabase: cloudKitDatabase)
    }

    /// A named configuration whose SQLite database is the file at `url`.
    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.init(
            name: name ?? "default", schema: schema, url: url, usesDefaultLocation: false, isStoredInMemoryOnly: false, allowsSave: allowsSave,
            groupContainer: .none, cloudKitDatabase: cloudKitDatabase)
    }

    private init(
        name: String, schema: Schema?, url: URL, usesDefaultLocation: Bool, isStoredInMemoryOnly: Bool, allowsSave: Bool,
        groupContainer: GroupContainer, cloudKitDatabase: CloudKitDatabase
    ) {
        self.name = name
        self.schema = schema
        self.url = url
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
        self.groupAppContainerIdentifier = groupContainer.choice.name
        self.cloudKitContainerIdentifier = cloudKitDatabase.choice.name
        self.usesDefaultLocation = usesDefaultLocation
    }

    /// The store's location, as in SwiftData.
    public var id: URL { url }

    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly && lhs.allowsSave == rhs.allowsSave
            && lhs.groupContainer == rhs.groupContainer && lhs.cloudKitDatabase == rhs.cloudKitDatabase
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}

extension ModelConfiguration: HistoryRecordingConfiguration {}
